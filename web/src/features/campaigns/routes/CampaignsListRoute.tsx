import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { campaignsApi, useDeleteCampaign, type Campaign } from '@/features/campaigns/api/campaigns';
import { can } from '@/lib/authorization';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';
import '@/features/campaigns/i18n';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

/** The application's campaigns: search, sort by title or age, edit, delete after a confirmation. */
export function CampaignsListRoute() {
  const { t } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const mayEdit = can(profile, 'edit-campaign');
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const remove = useDeleteCampaign();

  const columns = useMemo<DataGridColumn<Campaign>[]>(
    () => [
      {
        field: 'image_id',
        header: t('campaigns.fields.image'),
        width: 110,
        render: (c) =>
          c.image_id ? <img className="grid-icon" src={`/v1/files/${encodeURIComponent(c.image_id)}/thumbnail`} alt="" /> : null,
      },
      { field: 'name', header: t('campaigns.fields.title'), sortable: true, key: true, flex: 2, render: (c) => c.title },
      { field: 'url', header: t('campaigns.fields.url'), flex: 2 },
      ...(mayEdit
        ? [
            {
              field: 'actions',
              header: t('common.actions'),
              width: 230,
              render: (c: Campaign) => (
                <RowActions
                  actions={[
                    { label: t('common.edit'), icon: 'edit', to: `/application/campaigns/${c.id}` },
                    { label: t('common.delete'), icon: 'delete', danger: true, onClick: () => setDeleting(c) },
                  ]}
                />
              ),
            } satisfies DataGridColumn<Campaign>,
          ]
        : []),
    ],
    [t, mayEdit],
  );
  const create = can(profile, 'create-campaigns') && (
    <Link className="button button--primary" to="/application/campaigns/create">
      {t('campaigns.create')}
    </Link>
  );
  return (
    <>
      <PageHeader
        title={t('campaigns.title')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            {create}
          </>
        }
      />
      <DataGrid<Campaign>
        label={t('campaigns.title')}
        columns={columns}
        source={campaignsApi.list}
        getRowId={(c) => c.id}
        search={debouncedSearch}
        defaultSort={NAME_SORT}
        emptyMessage={t('campaigns.empty')}
        emptyAction={create}
        onClearSearch={() => setSearch('')}
        rowHref={mayEdit ? (c) => `/application/campaigns/${c.id}` : undefined}
        refreshKey={refreshKey}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('campaigns.delete')}
        body={t('campaigns.deleteBody', { name: deleting?.title ?? '' })}
        confirmLabel={t('campaigns.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySaved(t('common.deleted', { name: deleting.title }));
              setDeleting(null);
              setRefreshKey((k) => k + 1);
            },
            onError: () => setDeleting(null),
          });
        }}
      />
    </>
  );
}
