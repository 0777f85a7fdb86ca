import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, TextField } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { CustomerLink } from '@/components/customer/CustomerLink';
import { Dialog } from '@/components/ui/Dialog';
import { useConfirmation } from '@/components/ui/useConfirmation';
import { useOrder, useRefundOrder } from '@/features/orders/api/orders';
import type { OrderDetail } from '@/features/orders/api/types';
import { OrderStatusBadge } from '@/features/orders/components/OrderStatusBadge';
import { describeEvent, paymentStatus, refundStatus } from '@/features/orders/components/order-words';
import { ApiError } from '@/lib/api-client';
import { decimalToCents, formatDateTime, formatMonth, formatMoney } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { notifyError, notifySaved } from '@/stores/notification';
import '@/features/orders/i18n';

function useMoney() {
  const { i18n } = useTranslation();
  const language = (i18n.language === 'en' ? 'en' : 'nl') as Language;
  return { money: (cents: number) => formatMoney(cents, language), language };
}

function stamp(value: string, language: Language): string {
  return formatDateTime(value, language);
}

interface RefundValues {
  amount: string;
  reason: string;
}

/**
 * Staff refund part or all of what can still be refunded, with a reason; the server decides the cap.
 * Money leaves: the amount and the order are confirmed first (web-027), and the outcome is what the refund's status says.
 */
function RefundForm({ api, order }: { api: string; order: OrderDetail }) {
  const { t } = useTranslation();
  const { money, language } = useMoney();
  const refund = useRefundOrder(api);
  const [ask, question] = useConfirmation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const max = order.refundable_cents;
  return (
    <section aria-labelledby="order-refund">
      <h3 id="order-refund">{t('orders.refund.title')}</h3>
      <Form<RefundValues>
        initialValues={{ amount: '', reason: '' }}
        validate={(values) => {
          const errors: Partial<RefundValues> = {};
          const cents = decimalToCents(values.amount);
          if (cents === null || cents <= 0) errors.amount = t('orders.refund.amountRequired');
          else if (cents > max) errors.amount = t('orders.refund.amountTooHigh', { max: money(max) });
          if (!values.reason.trim()) errors.reason = t('orders.refund.reasonRequired');
          return errors;
        }}
        onSubmit={async (values, helpers) => {
          setRefusal(null);
          const cents = decimalToCents(values.amount) ?? 0;
          const what = { amount: money(cents), title: order.title, placed: stamp(order.placed_at, language), organization: order.organization_name };
          const yes = await ask({
            title: t('orders.refund.confirmTitle', what),
            body: t(order.payment_type === 'moves' ? 'orders.refund.confirmBodyMoves' : 'orders.refund.confirmBody', what),
            confirmLabel: t('orders.refund.confirm', what),
          });
          if (!yes) return;
          try {
            const answer = await refund.mutateAsync({ id: order.id, input: { amount_cents: cents, reason: values.reason.trim() } });
            if (answer.status === 'failed') notifyError(t('orders.refund.failed', what));
            else if (answer.status === 'refunded') notifySaved(t('orders.refund.refunded', what));
            else notifySaved(t('orders.refund.done', what));
            helpers.resetForm();
          } catch (error) {
            setRefusal(error instanceof ApiError ? error.message : t('errors.generic'));
            throw error;
          }
        }}
      >
        <TextField
          name="amount"
          label={t('orders.refund.amount')}
          hint={t('orders.refund.amountHint', { max: money(max) })}
          required
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField name="reason" label={t('orders.refund.reason')} required autoComplete="off" />
        {refusal && (
          <p className="form__summary" role="alert" data-testid="refund-error">
            {refusal}
          </p>
        )}
        <div className="dialog__actions">
          <SubmitButton>{t('orders.refund.submit')}</SubmitButton>
        </div>
      </Form>
      {question}
    </section>
  );
}

/**
 * The order dialog: its figures, lines and VAT split, payments, refunds and its whole
 * history; the refund action for staff who may refund.
 */
export function OrderDialog({
  api,
  orderId,
  canRefund,
  onClose,
}: {
  api: string;
  orderId: string | null;
  canRefund: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { money, language } = useMoney();
  const query = useOrder(api, orderId);
  const order = query.data;
  return (
    <Dialog open={Boolean(orderId)} title={t('orders.dialog.title', { title: order?.title ?? '' })} onClose={onClose} wide>
      {!order ? (
        <p aria-busy="true">…</p>
      ) : (
        <div className="order-dialog" data-testid="order-dialog">
          <section className="order-dialog__customer" aria-label={t('orders.dialog.customer')} data-testid="order-customer">
            <p className="order-dialog__customer-name">
              {/* The application's view links to the customer's page (decision 1710); the platform's has no application to open it in. */}
              <CustomerLink customerId={api === '/v1/admin/application/orders' ? order.customer_id : null}>
                {order.customer_name ?? t('orders.dialog.noCustomer')}
              </CustomerLink>
            </p>
            {order.customer_email && (
              <p>
                <a href={`mailto:${order.customer_email}`}>{order.customer_email}</a>
              </p>
            )}
          </section>
          <dl className="order-dialog__summary">
            <dt>{t('orders.columns.status')}</dt>
            <dd>
              <OrderStatusBadge status={order.status} />
            </dd>
            <dt>{t('orders.columns.placed_at')}</dt>
            <dd>{stamp(order.placed_at, language)}</dd>
            <dt>{t('orders.columns.organization')}</dt>
            <dd>{order.organization_name}</dd>
            <dt>{t('orders.columns.payment_type')}</dt>
            <dd>{t(`orders.paymentTypes.${order.payment_type}`)}</dd>
            <dt>{t('orders.dialog.subtotal')}</dt>
            <dd>{money(order.subtotal_price_in_cents)}</dd>
            <dt>{t('orders.dialog.vat')}</dt>
            <dd>{money(order.vat)}</dd>
            <dt>{t('orders.dialog.total')}</dt>
            <dd>{money(order.total)}</dd>
            <dt>{t('orders.dialog.fee')}</dt>
            <dd>{money(order.transaction_fee)}</dd>
            <dt>{t('orders.dialog.paid')}</dt>
            <dd>{money(order.paid_cents)}</dd>
            <dt>{t('orders.dialog.refunded')}</dt>
            <dd data-testid="order-refunded">{money(order.refunded_cents)}</dd>
            <dt>{t('orders.dialog.refundable')}</dt>
            <dd>{money(order.refundable_cents)}</dd>
            <dt>{t('orders.dialog.payoutMonth')}</dt>
            <dd>{formatMonth(order.payout_month, language)}</dd>
          </dl>
          {order.paid_after_close && <p role="status">{t('orders.dialog.paidAfterClose')}</p>}

          <h3>{t('orders.dialog.lines')}</h3>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('orders.columns.title')}</th>
                <th scope="col">{t('orders.dialog.quantity')}</th>
                <th scope="col">{t('orders.dialog.unitPrice')}</th>
                <th scope="col">{t('orders.dialog.vatRate')}</th>
                <th scope="col">{t('orders.dialog.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.line_id}>
                  <td>{line.title}</td>
                  <td>{line.quantity}</td>
                  <td>{money(line.unit_price_cents)}</td>
                  <td>{line.vat_percent} %</td>
                  <td>{money(line.total_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <h3>{t('orders.dialog.vatSplit')}</h3>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('orders.dialog.vatRate')}</th>
                <th scope="col">{t('orders.dialog.gross')}</th>
                <th scope="col">{t('orders.dialog.vat')}</th>
              </tr>
            </thead>
            <tbody>
              {order.vat_split.map((tier) => (
                <tr key={tier.vat_tier}>
                  <td>{tier.vat_percent} %</td>
                  <td>{money(tier.gross_cents)}</td>
                  <td>{money(tier.vat_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <h3>{t('orders.dialog.payments')}</h3>
          {order.payments.length === 0 ? (
            <p>{t('orders.dialog.none')}</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('orders.dialog.method')}</th>
                  <th scope="col">{t('orders.dialog.amount')}</th>
                  <th scope="col">{t('orders.columns.status')}</th>
                  <th scope="col">{t('orders.dialog.at')}</th>
                </tr>
              </thead>
              <tbody>
                {order.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td>{t(`orders.paymentTypes.${payment.method}`, payment.method)}</td>
                    <td>{money(payment.amount_cents)}</td>
                    <td>{paymentStatus(t, payment.status)}</td>
                    <td>{stamp(payment.updated_at, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}

          <h3>{t('orders.dialog.refunds')}</h3>
          {order.refunds.length === 0 ? (
            <p>{t('orders.dialog.none')}</p>
          ) : (
            <table className="table" data-testid="order-refunds">
              <thead>
                <tr>
                  <th scope="col">{t('orders.dialog.amount')}</th>
                  <th scope="col">{t('orders.dialog.reason')}</th>
                  <th scope="col">{t('orders.columns.status')}</th>
                  <th scope="col">{t('orders.dialog.by')}</th>
                  <th scope="col">{t('orders.dialog.at')}</th>
                </tr>
              </thead>
              <tbody>
                {order.refunds.map((refund) => (
                  <tr key={refund.id}>
                    <td>{money(refund.amount_cents)}</td>
                    <td>{refund.reason}</td>
                    <td>{refundStatus(t, refund.status)}</td>
                    <td>{refund.actor_name ?? t('orders.dialog.system')}</td>
                    <td>{stamp(refund.requested_at, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}

          {canRefund && order.refundable_cents > 0 && <RefundForm api={api} order={order} />}

          <div className="page-header page-header--section">
            <h3>{t('orders.dialog.history')}</h3>
            <div className="page-header__actions">
              <HistoryLink
                entityType="order"
                entityId={order.id}
                applicationId={order.application_id}
                label={t('orders.dialog.auditHistory')}
              />
              <HistoryLink
                entityType="user"
                entityId={order.customer_id}
                applicationId={order.application_id}
                label={t('orders.dialog.customerHistory')}
              />
            </div>
          </div>
          <ol className="order-dialog__history">
            {order.history.map((event, index) => (
              <li key={index}>
                {stamp(event.at, language)} — {describeEvent(t, event, money)} (
                {event.actor_name ?? t('orders.dialog.system')})
              </li>
            ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
