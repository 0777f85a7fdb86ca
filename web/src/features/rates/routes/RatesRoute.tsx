import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { ratesList, termsList } from '@/features/rates/api/rates';
import type { CancellationTerm, Rate } from '@/features/rates/api/types';
import { termTimeline } from '@/features/rates/timeline';
import { can } from '@/lib/authorization';
import { formatMoney } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuthStore } from '@/stores/auth';
import '@/features/rates/i18n';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;
const PER_PAGE = 250;

/** An organisation's rates and, below them, its cancellation terms shown as timelines. */
export function RatesRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { organization_id: organizationId = '' } = useParams();
  const mayManage = useAuthStore((state) => can(state.profile, 'manage-rates'));
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const base = `/organizations/${encodeURIComponent(organizationId)}`;
  const rates = useMemo(() => ratesList(organizationId), [organizationId]);
  const terms = useMemo(() => termsList(organizationId), [organizationId]);

  const rateColumns = useMemo<DataGridColumn<Rate>[]>(
    () => [
      { field: 'name', header: t('rates.fields.name'), sortable: true, flex: 2 },
      {
        field: 'price_cents',
        header: t('rates.fields.price'),
        width: 180,
        render: (rate) => formatMoney(rate.price_cents, i18n.language as Language),
      },
      { field: 'vat_tier', header: t('rates.fields.vat_tier'), width: 140, render: (rate) => t(`rates.vat.${rate.vat_tier}`) },
      { field: 'cancellation_term_name', header: t('rates.fields.cancellation_term_id'), flex: 1 },
    ],
    [t, i18n.language],
  );
  const termColumns = useMemo<DataGridColumn<CancellationTerm>[]>(
    () => [
      { field: 'name', header: t('rates.terms.name'), sortable: true, flex: 1 },
      { field: 'periods', header: t('rates.terms.timeline'), flex: 3, render: (term) => termTimeline(term.periods, t).join('; ') },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('rates.title')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            {mayManage && (
              <Link className="button button--primary" to={`${base}/rates/create`}>
                {t('rates.create')}
              </Link>
            )}
          </>
        }
      />
      <DataGrid<Rate>
        label={t('rates.title')}
        columns={rateColumns}
        source={rates}
        getRowId={(rate) => rate.id ?? 'free'}
        search={debouncedSearch}
        defaultSort={NAME_SORT}
        itemsPerPage={PER_PAGE}
        emptyMessage={t('rates.empty')}
        // Without manage-rates the rate opens read-only (decision 1760).
        onRowClicked={(rate) => rate.id && void navigate(`${base}/rates/${rate.id}`)}
      />
      <PageHeader
        level={2}
        title={t('rates.terms.title')}
        actions={
          mayManage && (
            <Link className="button button--primary" to={`${base}/cancellation-terms/create`}>
              {t('rates.terms.create')}
            </Link>
          )
        }
      />
      <DataGrid<CancellationTerm>
        label={t('rates.terms.title')}
        columns={termColumns}
        source={terms}
        getRowId={(term) => term.id}
        defaultSort={NAME_SORT}
        itemsPerPage={PER_PAGE}
        emptyMessage={t('rates.terms.empty')}
        // Without manage-rates the term opens read-only (web-090).
        onRowClicked={(term) => void navigate(`${base}/cancellation-terms/${term.id}`)}
      />
    </>
  );
}
