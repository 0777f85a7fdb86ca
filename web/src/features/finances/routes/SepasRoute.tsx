import '@/features/finances/i18n';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { downloadSepa, sepaSource, type SepaBatch } from '@/features/finances/api/finances';
import { GenerateMonthForm } from '@/features/finances/components/GenerateMonthForm';
import { formatDate, formatMonth, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useContextStore } from '@/stores/context';

/** /admin/sepas: the application's monthly SEPA credit-transfer files. */
export function SepasRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [refreshKey, setRefreshKey] = useState(0);
  const applicationId = useContextStore((state) => state.applicationId);
  const columns = useMemo<DataGridColumn<SepaBatch>[]>(
    () => [
      { field: 'month', header: t('finances.month'), width: 150, render: (b) => formatMonth(b.month, language) },
      { field: 'generated_at', header: t('finances.generatedAt'), flex: 1, render: (b) => formatDate(b.generated_at, language) },
      { field: 'execution_date', header: t('finances.executionDate'), flex: 1, render: (b) => formatDate(b.execution_date, language) },
      { field: 'transfers', header: t('finances.transfers'), width: 130 },
      { field: 'total_cents', header: t('finances.total'), flex: 1, render: (b) => formatMoney(b.total_cents, language) },
      {
        field: 'actions',
        header: t('common.actions'),
        width: 180,
        render: (b) => (
          <button type="button" className="button button--ghost" onClick={() => void downloadSepa(b)}>
            {t('finances.downloadXml')}
          </button>
        ),
      },
    ],
    [t, language],
  );
  return (
    <>
      <PageHeader
        title={t('finances.sepasTitle')}
        actions={
          <>
            <HistoryLink entityType="sepa_ledger" entityId={applicationId} />
            <GenerateMonthForm kind="sepas" onDone={() => setRefreshKey((k) => k + 1)} />
          </>
        }
      />
      <DataGrid<SepaBatch>
        label={t('finances.sepasTitle')}
        columns={columns}
        source={sepaSource}
        getRowId={(b) => b.id}
        emptyMessage={t('finances.noSepas')}
        refreshKey={refreshKey}
      />
    </>
  );
}
