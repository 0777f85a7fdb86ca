import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, TextAreaField } from '@/components/form';
import { Dialog } from '@/components/ui/Dialog';
import { useConfirmation } from '@/components/ui/useConfirmation';
import { useCreditInvoice, type Invoice } from '@/features/finances/api/finances';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySaved } from '@/stores/notification';

/**
 * Cancels an invoice with a credit note; the reason is required (the server says so too).
 * A credit note is final: the amount and the organisation are confirmed first (web-027).
 */
export function CreditInvoiceDialog({ invoice, onClose, onCredited }: { invoice: Invoice | null; onClose: () => void; onCredited: () => void }) {
  const { t } = useTranslation();
  const credit = useCreditInvoice();
  const [ask, question] = useConfirmation();
  return (
    <Dialog open={invoice !== null} title={t('finances.creditTitle', { number: invoice?.number ?? '' })} onClose={onClose}>
      <p>{t('finances.creditExplanation')}</p>
      <Form<{ reason: string }>
        initialValues={{ reason: '' }}
        validate={(values) => (values.reason.trim() ? {} : { reason: t('finances.reason') })}
        onSubmit={async (values) => {
          if (!invoice) return;
          const what = {
            number: invoice.number,
            organization: invoice.organization_name,
            amount: formatMoney(invoice.amount_cents, currentLanguage()),
            month: invoice.month,
          };
          const yes = await ask({
            title: t('finances.creditConfirmTitle', what),
            body: t('finances.creditConfirmBody', what),
            confirmLabel: t('finances.creditConfirm', what),
          });
          if (!yes) return;
          await credit.mutateAsync({ invoiceId: invoice.id, reason: values.reason.trim() });
          notifySaved(t('finances.creditNoteMade', what));
          onCredited();
          onClose();
        }}
      >
        <TextAreaField name="reason" label={t('finances.reason')} rows={3} />
        <div className="dialog__actions">
          <SubmitButton>{t('finances.credit')}</SubmitButton>
        </div>
      </Form>
      {question}
    </Dialog>
  );
}
