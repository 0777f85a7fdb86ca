import '@/features/finances/i18n';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { RowActions } from '@/components/data-grid/RowActions';
import { PageHeader } from '@/components/page/PageHeader';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  downloadInvoice,
  organizationInvoiceSource,
  useOrganizationFinances,
  type Invoice,
} from '@/features/finances/api/finances';
import { invoiceColumns } from '@/features/finances/components/InvoiceColumns';
import { formatDate, formatMonth, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** The organisation's finances: its payout months, what was transferred, its invoices. */
export function OrganizationFinancesRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const organizationId = useParams().organization_id ?? '';
  const finances = useOrganizationFinances(organizationId);
  const source = useMemo(() => organizationInvoiceSource(organizationId), [organizationId]);
  const columns = useMemo<DataGridColumn<Invoice>[]>(
    () => [
      ...invoiceColumns(t, language, false),
      {
        field: 'actions',
        header: t('common.actions'),
        width: 180,
        render: (i) => (
          <RowActions actions={[{ label: t('finances.downloadPdf'), icon: 'download', onClick: () => void downloadInvoice(i, organizationId) }]} />
        ),
      },
    ],
    [t, language, organizationId],
  );
  const money = (cents: number) => formatMoney(cents, language);
  const data = finances.data;
  return (
    <>
      <PageHeader title={t('finances.financesTitle')} />
      {!data ? (
        <Skeleton />
      ) : (
        <>
          <dl data-testid="finance-summary">
            <dt>{t('finances.balance')}</dt>
            <dd>{money(data.balance_cents)}</dd>
            <dt>{t('finances.transferred')}</dt>
            <dd>{money(data.transferred_cents)}</dd>
            <dt>{t('finances.due')}</dt>
            <dd>{money(data.balance_cents - data.transferred_cents)}</dd>
          </dl>
          <h2 id="finance-months">{t('finances.months')}</h2>
          {data.months.length === 0 ? (
            <EmptyState message={t('finances.noMonths')} />
          ) : (
            // Focusable: on a phone the table scrolls sideways and the keyboard must reach it too.
            <table className="table" aria-labelledby="finance-months" tabIndex={0}>
              <thead>
                <tr>
                  <th scope="col">{t('finances.month')}</th>
                  <th scope="col">{t('finances.orders')}</th>
                  <th scope="col">{t('finances.paid')}</th>
                  <th scope="col">{t('finances.refunded')}</th>
                  <th scope="col">{t('finances.fees')}</th>
                  <th scope="col">{t('finances.payout')}</th>
                </tr>
              </thead>
              <tbody>
                {data.months.map((m) => (
                  <tr key={m.month}>
                    <td>{formatMonth(m.month, language)}</td>
                    <td>{m.orders}</td>
                    <td>{money(m.paid_cents)}</td>
                    <td>{money(m.refunded_cents)}</td>
                    <td>{money(m.fee_cents)}</td>
                    <td>{money(m.payout_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2 id="finance-payouts">{t('finances.payouts')}</h2>
          {data.payouts.length === 0 ? (
            <EmptyState message={t('finances.noPayouts')} />
          ) : (
            <table className="table" aria-labelledby="finance-payouts" tabIndex={0}>
              <thead>
                <tr>
                  <th scope="col">{t('finances.month')}</th>
                  <th scope="col">{t('finances.executionDate')}</th>
                  <th scope="col">{t('finances.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {data.payouts.map((p) => (
                  <tr key={p.end_to_end_id}>
                    <td>{formatMonth(p.month, language)}</td>
                    <td>{formatDate(p.execution_date, language)}</td>
                    <td>{money(p.amount_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <h2>{t('finances.invoices')}</h2>
      <DataGrid<Invoice>
        label={t('finances.invoices')}
        columns={columns}
        source={source}
        getRowId={(i) => i.id}
        emptyMessage={t('finances.noInvoices')}
      />
    </>
  );
}
