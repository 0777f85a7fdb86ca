import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { locationTypeApi } from '@/features/location-types/api/location-types';
import type { LocationType } from '@/features/location-types/api/types';
import { locationTypeColumns } from '@/features/location-types/components/LocationTypeColumns';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

export function LocationTypesListRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);

  const columns = useMemo<DataGridColumn<LocationType>[]>(
    () => [
      ...locationTypeColumns(t),
      {
        field: 'actions',
        header: t('common.actions'),
        width: 140,
        render: (row) => <RowActions actions={[{ label: t('common.edit'), icon: 'edit', to: `/admin/location-types/${row.id}` }]} />,
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('locationTypes.title')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            <Link className="button button--primary" to="/admin/location-types/create">
              {t('locationTypes.create')}
            </Link>
          </>
        }
      />
      <DataGrid<LocationType>
        label={t('locationTypes.title')}
        columns={columns}
        source={locationTypeApi.list}
        getRowId={(row) => row.id}
        search={debouncedSearch}
        defaultSort={NAME_SORT}
        emptyMessage={t('locationTypes.empty')}
        emptyAction={
          <Link className="button button--primary" to="/admin/location-types/create">
            {t('locationTypes.create')}
          </Link>
        }
        onClearSearch={() => setSearch('')}
        rowHref={(row) => `/admin/location-types/${row.id}`}
      />
    </>
  );
}
