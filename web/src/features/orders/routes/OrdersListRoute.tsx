import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { exportOrders, ordersApi, ordersList } from '@/features/orders/api/orders';
import { ORDER_STATUSES, PAYMENT_TYPES, type ExportFormat, type Order } from '@/features/orders/api/types';
import { OrderDialog } from '@/features/orders/components/OrderDialog';
import { OrderStatusBadge } from '@/features/orders/components/OrderStatusBadge';
import { can } from '@/lib/authorization';
import { formatMoney } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuthStore } from '@/stores/auth';
import '@/features/orders/i18n';

const NEWEST_FIRST = { field: 'placed_at', direction: 'desc' } as const;

/**
 * `/admin/orders` (every application) and `/application/orders`: the orders with date,
 * status and payment filters and a search, the order dialog, and an export of exactly
 * what the filters show.
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
        render: (order) =>
          new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nl-NL', { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(order.placed_at),
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
    [t, language],
  );
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
            <SearchInput value={search} onChange={setSearch} />
            <button type="button" className="button" disabled={exporting} onClick={() => void download('xlsx')}>
              {t('orders.export.xlsx')}
            </button>
            <button type="button" className="button" disabled={exporting} onClick={() => void download('csv')}>
              {t('orders.export.csv')}
            </button>
          </>
        }
      />
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
        onClearSearch={() => {
          setSearch('');
          setFrom('');
          setTo('');
          setStatus('');
          setPaymentType('');
        }}
        onRowClicked={(order) => setOpen(order.id)}
      />
      <OrderDialog api={api} orderId={open} canRefund={canRefund} onClose={() => setOpen(null)} />
    </>
  );
}
