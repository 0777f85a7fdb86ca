import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { applicationsList, type Application } from '@/features/applications/api/applications';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

/** Every application (superadmin): logo, name, slug, e-mail, sub-applications. */
export function ApplicationsListRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);

  const columns = useMemo<DataGridColumn<Application>[]>(
    () => [
      {
        field: 'logo_url',
        header: t('applications.fields.logo'),
        width: 90,
        render: (application) =>
          application.logo_url ? <img className="grid-icon" src={application.logo_url} alt="" /> : null,
      },
      { field: 'name', header: t('applications.fields.name'), sortable: true, flex: 2 },
      { field: 'slug', header: t('applications.fields.slug'), sortable: true, flex: 1 },
      { field: 'email', header: t('applications.fields.email'), flex: 1 },
      { field: 'children_count', header: t('applications.children'), width: 150 },
      {
        field: 'actions',
        header: t('common.actions'),
        width: 260,
        render: (application) => (
          <RowActions
            actions={[
              { label: t('common.edit'), icon: 'edit', to: `/admin/applications/${application.id}` },
              { label: t('applications.tabs.invites'), icon: 'plus', to: `/admin/applications/${application.id}/invites` },
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
        title={t('admin.applications')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            <Link className="button button--primary" to="/admin/applications/create">
              {t('applications.create')}
            </Link>
          </>
        }
      />
      <DataGrid<Application>
        label={t('admin.applications')}
        columns={columns}
        source={applicationsList}
        getRowId={(application) => application.id}
        search={debouncedSearch}
        defaultSort={NAME_SORT}
        emptyMessage={t('applications.empty')}
        emptyAction={
          <Link className="button button--primary" to="/admin/applications/create">
            {t('applications.create')}
          </Link>
        }
        onClearSearch={() => setSearch('')}
        rowHref={(application) => `/admin/applications/${application.id}`}
      />
    </>
  );
}
