import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { sportsApi, useDeleteSport, type Sport } from '@/features/sports/api/sports';
import { HighlightSwitch } from '@/features/sports/components/HighlightSwitch';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { notifySaved } from '@/stores/notification';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

export function SportsListRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [deleting, setDeleting] = useState<Sport | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const deleteSport = useDeleteSport();

  const columns = useMemo<DataGridColumn<Sport>[]>(
    () => [
      {
        field: 'icon_url',
        header: t('sports.icon'),
        width: 90,
        render: (sport) => (sport.icon_url ? <img className="grid-icon" src={sport.icon_url} alt="" /> : null),
      },
      { field: 'name', header: t('sports.name'), sortable: true, flex: 2 },
      {
        field: 'highlighted',
        header: t('sports.highlighted'),
        width: 140,
        render: (sport) => <HighlightSwitch sport={sport} />,
      },
      {
        field: 'actions',
        header: t('common.actions'),
        width: 230,
        render: (sport) => (
          <RowActions
            actions={[
              { label: t('common.edit'), icon: 'edit', to: `/admin/sports/${sport.id}` },
              { label: t('common.delete'), icon: 'delete', danger: true, onClick: () => setDeleting(sport) },
            ]}
          />
        ),
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('sports.title')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            <Link className="button button--primary" to="/admin/sports/create">
              {t('sports.create')}
            </Link>
          </>
        }
      />
      <DataGrid<Sport>
        label={t('sports.title')}
        columns={columns}
        source={sportsApi.list}
        getRowId={(sport) => sport.id}
        search={debouncedSearch}
        defaultSort={NAME_SORT}
        emptyMessage={t('sports.empty')}
        emptyAction={
          <Link className="button button--primary" to="/admin/sports/create">
            {t('sports.create')}
          </Link>
        }
        onClearSearch={() => setSearch('')}
        rowHref={(sport) => `/admin/sports/${sport.id}`}
        refreshKey={refreshKey}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('sports.deleteTitle')}
        body={t('sports.deleteBody', { name: deleting?.name ?? '' })}
        busy={deleteSport.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deleteSport.mutate(deleting.id, {
            onSuccess: () => {
              notifySaved(t('common.deleted', { name: deleting.name }));
              setDeleting(null);
              setRefreshKey((key) => key + 1);
            },
          });
        }}
      />
    </>
  );
}
