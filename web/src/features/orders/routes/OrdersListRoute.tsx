import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CustomerLink } from '@/components/customer/CustomerLink';
import { CardList } from '@/components/data-grid/CardList';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { exportOrders, orderKeys, ordersApi, ordersList } from '@/features/orders/api/orders';
import { ORDER_STATUSES, PAYMENT_TYPES, type ExportFormat, type Order } from '@/features/orders/api/types';
import { OrderDialog } from '@/features/orders/components/OrderDialog';
import { OrderStatusBadge } from '@/features/orders/components/OrderStatusBadge';
import { can } from '@/lib/authorization';
import { formatDateTime, formatMoney } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMediaQuery } from '@/lib/use-media-query';
import { useAuthStore } from '@/stores/auth';
import '@/features/orders/i18n';

const NEWEST_FIRST = { field: 'placed_at', direction: 'desc' } as const;

/**
 * `/admin/orders` (every application) and `/application/orders`: the orders with date,
 * status and payment filters and a search (customer's name or e-mail, title, order number:
 * the support line, decision 1630), the order dialog, and an export of exactly what the
 * filters show. On a phone the orders are cards, not a grid scrolled sideways.
 */
export function OrdersListRoute() {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === 'en' ? 'en' : 'nl') as Language;
  const api = ordersApi(useLocation().pathname);
  const profile = useAuthStore((state) => state.profile);
  const canRefund = can(profile, api === '/v1/admin/orders' ? 'refund-any-order' : 'refund-orders');
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState('');
  const [paymentType, setPaymentType] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const source = useMemo(() => ordersList(api), [api]);
  const phone = useMediaQuery('(max-width: 599px)');
  const filter = useMemo(
    () => ({ from: from || undefined, to: to || undefined, status: status || undefined, payment_type: paymentType || undefined }),
    [from, to, status, paymentType],
  );
  const columns = useMemo<DataGridColumn<Order>[]>(
    () => [
      {
        field: 'placed_at',
        header: t('orders.columns.placed_at'),
        sortable: true,
        width: 170,
        render: (order) => formatDateTime(order.placed_at, language),
      },
      {
        field: 'customer_name',
        header: t('orders.columns.customer'),
        flex: 1,
        render: (order) => (
          <span className="cell-stack">
            <span>
              <CustomerLink customerId={api === '/v1/admin/application/orders' ? order.customer_id : null}>{order.customer_name ?? '—'}</CustomerLink>
            </span>
            {order.customer_email && <span className="cell-stack__sub">{order.customer_email}</span>}
          </span>
        ),
      },
      { field: 'title', header: t('orders.columns.title'), flex: 1 },
      { field: 'organization_name', header: t('orders.columns.organization'), flex: 1 },
      {
        field: 'payment_type',
        header: t('orders.columns.payment_type'),
        width: 120,
        render: (order) => t(`orders.paymentTypes.${order.payment_type}`),
      },
      {
        field: 'status',
        header: t('orders.columns.status'),
        width: 170,
        render: (order) => <OrderStatusBadge status={order.status} />,
      },
      { field: 'total', header: t('orders.columns.total'), width: 120, render: (order) => formatMoney(order.total, language) },
    ],
    [t, language, api],
  );
  const clear = () => {
    setSearch('');
    setFrom('');
    setTo('');
    setStatus('');
    setPaymentType('');
  };
  const download = async (format: ExportFormat) => {
    setExporting(true);
    try {
      await exportOrders(api, { ...filter, search: debouncedSearch || undefined }, format);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('orders.title')}
        actions={
          <>
            <label>
              {t('orders.filters.from')}{' '}
              <input className="input input--inline" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
            </label>
            <label>
              {t('orders.filters.to')}{' '}
              <input className="input input--inline" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
            </label>
            <label>
              {t('orders.filters.status')}{' '}
              <select className="input input--inline" value={status} onChange={(event) => setStatus(event.target.value)}>
                <option value="">{t('orders.filters.all')}</option>
                {ORDER_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`orders.statuses.${value}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('orders.filters.payment_type')}{' '}
              <select className="input input--inline" value={paymentType} onChange={(event) => setPaymentType(event.target.value)}>
                <option value="">{t('orders.filters.all')}</option>
                {PAYMENT_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t(`orders.paymentTypes.${value}`)}
                  </option>
                ))}
              </select>
            </label>
            <SearchInput value={search} onChange={setSearch} placeholder={t('orders.search')} />
            <button type="button" className="button" disabled={exporting} onClick={() => void download('xlsx')}>
              {t('orders.export.xlsx')}
            </button>
            <button type="button" className="button" disabled={exporting} onClick={() => void download('csv')}>
              {t('orders.export.csv')}
            </button>
          </>
        }
      />
      {phone ? (
        <CardList<Order>
          label={t('orders.title')}
          source={source}
          cacheKey={[...orderKeys.all, api, 'cards']}
          getRowId={(order) => order.id}
          search={debouncedSearch}
          filter={filter}
          sort={NEWEST_FIRST}
          emptyMessage={t('orders.empty')}
          filtered={Boolean(from || to || status || paymentType)}
          onClearSearch={clear}
          onOpen={(order) => setOpen(order.id)}
          renderCard={(order) => (
            <>
              <span className="record-card__top">
                <span className="record-card__title">{order.customer_name ?? t('orders.dialog.noCustomer')}</span>
                <span>{formatMoney(order.total, language)}</span>
              </span>
              <span>{order.title}</span>
              <span className="record-card__top">
                <span className="record-card__meta">{formatDateTime(order.placed_at, language)}</span>
                <OrderStatusBadge status={order.status} />
              </span>
            </>
          )}
        />
      ) : (
        <DataGrid<Order>
          label={t('orders.title')}
          columns={columns}
          source={source}
          getRowId={(order) => order.id}
          search={debouncedSearch}
          filter={filter}
          defaultSort={NEWEST_FIRST}
          emptyMessage={t('orders.empty')}
          filtered={Boolean(from || to || status || paymentType)}
          onClearSearch={clear}
          onRowClicked={(order) => setOpen(order.id)}
        />
      )}
      <OrderDialog api={api} orderId={open} canRefund={canRefund} onClose={() => setOpen(null)} />
    </>
  );
}
