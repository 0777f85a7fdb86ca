import type { TFunction } from 'i18next';
import type { DataGridColumn } from '@/components/data-grid/DataGrid';
import type { Invoice } from '@/features/finances/api/finances';
import { formatDate, formatMonth, formatMoney } from '@/lib/format';
import type { Language } from '@/lib/i18n';

/** The invoice grid's columns, the same for the platform and the organisation. */
export function invoiceColumns(t: TFunction, language: Language, withOrganization: boolean): DataGridColumn<Invoice>[] {
  const columns: DataGridColumn<Invoice>[] = [
    { field: 'number', header: t('finances.number'), width: 140 },
    { field: 'kind', header: t('finances.kind'), width: 130, render: (i) => t(`finances.kinds.${i.kind}`) },
    { field: 'month', header: t('finances.month'), width: 150, render: (i) => formatMonth(i.month, language) },
    { field: 'issued_on', header: t('finances.issuedOn'), width: 150, render: (i) => formatDate(i.issued_on, language) },
    { field: 'amount_cents', header: t('finances.amount'), flex: 1, render: (i) => formatMoney(i.amount_cents, language) },
    { field: 'vat_cents', header: t('finances.vat'), flex: 1, render: (i) => formatMoney(i.vat_cents, language) },
  ];
  if (withOrganization) columns.splice(1, 0, { field: 'organization_name', header: t('finances.organization'), flex: 2 });
  return columns;
}
