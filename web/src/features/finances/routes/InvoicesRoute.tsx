import '@/features/finances/i18n';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { RowActions } from '@/components/data-grid/RowActions';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { downloadInvoice, invoiceSource, type Invoice } from '@/features/finances/api/finances';
import { CreditInvoiceDialog } from '@/features/finances/components/CreditInvoiceDialog';
import { GenerateMonthForm } from '@/features/finances/components/GenerateMonthForm';
import { invoiceColumns } from '@/features/finances/components/InvoiceColumns';
import { currentLanguage } from '@/lib/i18n';
import { useContextStore } from '@/stores/context';

/** /admin/invoices: the platform's invoices and credit notes to the application's organisations. */
export function InvoicesRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [refreshKey, setRefreshKey] = useState(0);
  const [crediting, setCrediting] = useState<Invoice | null>(null);
  const applicationId = useContextStore((state) => state.applicationId);
  const columns = useMemo<DataGridColumn<Invoice>[]>(
    () => [
      ...invoiceColumns(t, language, true),
      {
        field: 'actions',
        header: t('common.actions'),
        width: 260,
        render: (i) => (
          <RowActions
            actions={[
              { label: t('finances.downloadPdf'), icon: 'download', onClick: () => void downloadInvoice(i) },
              // An invoice is credited once: afterwards the action is shown disabled, with why in its label.
              ...(i.kind === 'invoice'
                ? [
                    i.credited_by
                      ? { label: t('finances.credited'), icon: 'check' as const, disabled: true }
                      : { label: t('finances.credit'), icon: 'undo' as const, danger: true, onClick: () => setCrediting(i) },
                  ]
                : []),
            ]}
          />
        ),
      },
    ],
    [t, language],
  );
  const refresh = () => setRefreshKey((k) => k + 1);
  return (
    <>
      <PageHeader
        title={t('finances.invoicesTitle')}
        actions={
          <>
            <HistoryLink entityType="invoice_ledger" entityId={applicationId} />
            <GenerateMonthForm kind="invoices" onDone={refresh} />
          </>
        }
      />
      <DataGrid<Invoice>
        label={t('finances.invoicesTitle')}
        columns={columns}
        source={invoiceSource}
        getRowId={(i) => i.id}
        emptyMessage={t('finances.noInvoices')}
        refreshKey={refreshKey}
      />
      <CreditInvoiceDialog invoice={crediting} onClose={() => setCrediting(null)} onCredited={refresh} />
    </>
  );
}
