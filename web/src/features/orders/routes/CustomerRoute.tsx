import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { EmptyState } from '@/components/ui/EmptyState';
import { Icon } from '@/components/ui/Icon';
import { Skeleton } from '@/components/ui/Skeleton';
import { ordersApi, useCustomer } from '@/features/orders/api/orders';
import type { CustomerBooking, CustomerOrder, CustomerPage, CustomerPurchase, CustomerWallet } from '@/features/orders/api/types';
import { OrderDialog } from '@/features/orders/components/OrderDialog';
import { OrderStatusBadge } from '@/features/orders/components/OrderStatusBadge';
import { ApiError } from '@/lib/api-client';
import { can } from '@/lib/authorization';
import { formatCount, formatDateTime, formatDay, formatMoney } from '@/lib/format';
import { currentLanguage, type Language } from '@/lib/i18n';
import { useMediaQuery } from '@/lib/use-media-query';
import { useAuthStore } from '@/stores/auth';
import '@/features/orders/i18n';

const APPLICATION_ORDERS = ordersApi('/application/orders');

/**
 * `/application/customers/:customerId`: one customer of the application in one place (the
 * support line, decision 1710) — their orders with refunds (an order opens the order dialog,
 * where staff refund), bookings of sessions and bundles, product purchases and wallet
 * balances, each a section with its count in the page's own navigation. On a phone each row
 * is a card. Reached from every list that names a customer (`components/customer/CustomerLink`).
 */
export function CustomerRoute() {
  const { t } = useTranslation();
  const { customerId = '' } = useParams();
  const customer = useCustomer(customerId);
  const profile = useAuthStore((state) => state.profile);
  const [open, setOpen] = useState<string | null>(null);

  if (customer.isError) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <>
        <PageHeader title={t('orders.customer.title')} />
        <div role="alert">
          <EmptyState
            title={missing ? t('orders.customer.notFound') : t('orders.customer.failed')}
            message={missing ? t('orders.customer.notFoundHint') : undefined}
            action={
              missing ? (
                <Link className="button" to="/application/orders">
                  {t('orders.customer.toOrders')}
                </Link>
              ) : (
                <button type="button" className="button" onClick={() => void customer.refetch()}>
                  <Icon name="retry" size={16} /> {t('orders.customer.retry')}
                </button>
              )
            }
          />
        </div>
      </>
    );
  }
  if (!customer.data) {
    return (
      <>
        <PageHeader title={t('orders.customer.title')} />
        <span className="visually-hidden" role="status">
          {t('orders.customer.loading')}
        </span>
        <Skeleton lines={6} />
      </>
    );
  }
  const page = customer.data;
  return (
    <>
      <PageHeader title={page.customer.name || t('orders.customer.erased')} />
      <CustomerSummary page={page} />
      <OrdersSection orders={page.orders} more={page.more.orders} onOpen={setOpen} />
      <BookingsSection bookings={page.bookings} more={page.more.bookings} />
      <PurchasesSection purchases={page.purchases} more={page.more.purchases} />
      {page.wallets && <WalletsSection wallets={page.wallets} />}
      <OrderDialog api={APPLICATION_ORDERS} orderId={open} canRefund={can(profile, 'refund-orders')} onClose={() => setOpen(null)} />
    </>
  );
}

/** Who it is and the page's sections with their counts (links to the sections below). */
function CustomerSummary({ page }: { page: CustomerPage }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const sections: [string, string, number][] = [
    ['customer-orders', t('orders.customer.orders'), page.orders.length],
    ['customer-bookings', t('orders.customer.bookings'), page.bookings.length],
    ['customer-purchases', t('orders.customer.purchases'), page.purchases.length],
  ];
  if (page.wallets) sections.push(['customer-wallets', t('orders.customer.wallets'), page.wallets.length]);
  return (
    <div className="customer-summary" data-testid="customer-summary">
      {page.customer.email && (
        <p>
          <a href={`mailto:${page.customer.email}`}>{page.customer.email}</a>
        </p>
      )}
      <nav aria-label={t('orders.customer.sections')}>
        <ul className="customer-summary__sections">
          {sections.map(([id, label, count]) => (
            <li key={id}>
              <a href={`#${id}`}>
                {label} <span className="badge">{formatCount(count, language)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** One section of the page: its heading, a note when it shows only the newest rows, the empty state. */
function Section({ id, title, more, empty, count, children }: { id: string; title: string; more?: boolean; empty: string; count: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="customer-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {more && <p className="field__hint">{t('orders.customer.more')}</p>}
      {count === 0 ? <EmptyState message={empty} /> : children}
    </section>
  );
}

function refundLine(order: CustomerOrder, language: Language, t: (key: string, options?: Record<string, unknown>) => string): string {
  return order.refunds
    .map((r) => t('orders.customer.refundLine', { amount: formatMoney(r.amount_cents, language), reason: r.reason || '—', when: formatDateTime(r.requested_at, language) }))
    .join(' · ');
}

function OrdersSection({ orders, more, onOpen }: { orders: CustomerOrder[]; more: boolean; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useMediaQuery('(max-width: 599px)');
  const list = orders;
  return (
    <Section id="customer-orders" title={t('orders.customer.orders')} more={more} empty={t('orders.customer.noOrders')} count={list.length}>
      {phone ? (
        <ul className="card-list__items" data-testid="customer-orders">
          {list.map((order) => (
            <li key={order.id}>
              {/* Named by what it shows: title, amount, when, status (WCAG 2.5.3). */}
              <button type="button" className="record-card" onClick={() => onOpen(order.id)}>
                <span className="record-card__top">
                  <span className="record-card__title">{order.title}</span>
                  <span>{formatMoney(order.total, language)}</span>
                </span>
                <span className="record-card__top">
                  <span className="record-card__meta">{formatDateTime(order.placed_at, language)}</span>
                  <OrderStatusBadge status={order.status} />
                </span>
                {order.refunds.length > 0 && <span className="record-card__meta">{refundLine(order, language, t)}</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <table className="table" data-testid="customer-orders">
          <thead>
            <tr>
              <th scope="col">{t('orders.columns.placed_at')}</th>
              <th scope="col">{t('orders.columns.title')}</th>
              <th scope="col">{t('orders.columns.organization')}</th>
              <th scope="col">{t('orders.columns.status')}</th>
              <th scope="col">{t('orders.columns.total')}</th>
              <th scope="col">{t('orders.dialog.refunds')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((order) => (
              <tr key={order.id} data-testid="customer-order">
                <td>{formatDateTime(order.placed_at, language)}</td>
                <td>
                  <button type="button" className="button button--ghost" onClick={() => onOpen(order.id)}>
                    {order.title}
                  </button>
                </td>
                <td>{order.organization_name}</td>
                <td>
                  <OrderStatusBadge status={order.status} />
                </td>
                <td>{formatMoney(order.total, language)}</td>
                <td>{order.refunds.length > 0 ? refundLine(order, language, t) : t('orders.dialog.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function bookingWhen(booking: CustomerBooking, language: Language, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (booking.starts_at) return formatDateTime(booking.starts_at, language);
  if (booking.start_date) return t('orders.customer.fromDay', { day: formatDay(booking.start_date, language) });
  return t('orders.customer.sessionGone');
}

/** What was booked: the activity, and for a bundle its name; a session links to its page (participants, attendance). */
function BookingWhat({ booking }: { booking: CustomerBooking }) {
  const { t } = useTranslation();
  const name = booking.kind === 'bundle' ? `${booking.activity_name} · ${booking.bundle_name ?? ''}` : booking.activity_name;
  const label = `${name} (${t(`orders.customer.kinds.${booking.kind}`)})`;
  if (booking.kind === 'session' && booking.session_id && booking.starts_at) {
    return <Link to={`/organizations/${booking.organization_id}/activities/${booking.activity_id}/sessions/${booking.session_id}`}>{label}</Link>;
  }
  if (booking.kind === 'bundle' && booking.bundle_id) {
    return <Link to={`/organizations/${booking.organization_id}/activities/${booking.activity_id}/bundles/${booking.bundle_id}`}>{label}</Link>;
  }
  return <>{label}</>;
}

function bookingStatus(booking: CustomerBooking, t: (key: string, options?: Record<string, unknown>) => string): string {
  const status = t(`orders.customer.bookingStatuses.${booking.status}`, { defaultValue: booking.status });
  if (!booking.attendance || booking.attendance === 'none') return status;
  return `${status} · ${t(`orders.customer.attendances.${booking.attendance}`, { defaultValue: booking.attendance })}`;
}

function BookingsSection({ bookings, more }: { bookings: CustomerBooking[]; more: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useMediaQuery('(max-width: 599px)');
  return (
    <Section id="customer-bookings" title={t('orders.customer.bookings')} more={more} empty={t('orders.customer.noBookings')} count={bookings.length}>
      {phone ? (
        <ul className="card-list__items" data-testid="customer-bookings">
          {bookings.map((booking) => (
            <li key={booking.booking_id} className="record-card">
              <span className="record-card__title">
                <BookingWhat booking={booking} />
              </span>
              <span className="record-card__top">
                <span className="record-card__meta">{bookingWhen(booking, language, t)}</span>
                <span>{bookingStatus(booking, t)}</span>
              </span>
              <span className="record-card__meta">
                {booking.organization_name} · {booking.participant}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <table className="table" data-testid="customer-bookings">
          <thead>
            <tr>
              <th scope="col">{t('orders.customer.what')}</th>
              <th scope="col">{t('orders.customer.when')}</th>
              <th scope="col">{t('orders.columns.organization')}</th>
              <th scope="col">{t('orders.customer.participant')}</th>
              <th scope="col">{t('orders.columns.status')}</th>
            </tr>
          </thead>
          <tbody>
            {bookings.map((booking) => (
              <tr key={booking.booking_id} data-testid="customer-booking">
                <td>
                  <BookingWhat booking={booking} />
                </td>
                <td>{bookingWhen(booking, language, t)}</td>
                <td>{booking.organization_name}</td>
                <td>{booking.participant}</td>
                <td>{bookingStatus(booking, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function PurchasesSection({ purchases, more }: { purchases: CustomerPurchase[]; more: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useMediaQuery('(max-width: 599px)');
  const status = (p: CustomerPurchase) => t(`orders.customer.purchaseStatuses.${p.status}`, { defaultValue: p.status });
  return (
    <Section id="customer-purchases" title={t('orders.customer.purchases')} more={more} empty={t('orders.customer.noPurchases')} count={purchases.length}>
      {phone ? (
        <ul className="card-list__items" data-testid="customer-purchases">
          {purchases.map((p) => (
            <li key={p.purchase_id} className="record-card">
              <span className="record-card__top">
                <span className="record-card__title">{p.product_name}</span>
                <span>× {formatCount(p.quantity, language)}</span>
              </span>
              <span className="record-card__top">
                <span className="record-card__meta">{formatDateTime(p.bought_at, language)}</span>
                <span>{status(p)}</span>
              </span>
              <span className="record-card__meta">{p.organization_name}</span>
            </li>
          ))}
        </ul>
      ) : (
        <table className="table" data-testid="customer-purchases">
          <thead>
            <tr>
              <th scope="col">{t('orders.customer.product')}</th>
              <th scope="col">{t('orders.customer.boughtAt')}</th>
              <th scope="col">{t('orders.columns.organization')}</th>
              <th scope="col">{t('orders.dialog.quantity')}</th>
              <th scope="col">{t('orders.columns.status')}</th>
            </tr>
          </thead>
          <tbody>
            {purchases.map((p) => (
              <tr key={p.purchase_id}>
                <td>{p.product_name}</td>
                <td>{formatDateTime(p.bought_at, language)}</td>
                <td>{p.organization_name}</td>
                <td>{formatCount(p.quantity, language)}</td>
                <td>{status(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function WalletsSection({ wallets }: { wallets: CustomerWallet[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Section id="customer-wallets" title={t('orders.customer.wallets')} empty={t('orders.customer.noWallets')} count={wallets.length}>
      <ul className="card-list__items customer-wallets" data-testid="customer-wallets">
        {wallets.map((w) => (
          <li key={w.wallet_id} className="record-card">
            <span className="record-card__top">
              <span className="record-card__title">{w.name}</span>
              <span data-testid="customer-wallet-balance">{t('orders.customer.moves', { count: w.balance, moves: formatCount(w.balance, language) })}</span>
            </span>
            {w.last_top_up_at && (
              <span className="record-card__meta">{t('orders.customer.lastTopUp', { when: formatDateTime(w.last_top_up_at, language) })}</span>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
