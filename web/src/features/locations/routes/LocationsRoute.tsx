import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { applicationLocations, organizationLocations } from '@/features/locations/api/locations';
import type { Location } from '@/features/locations/api/types';
import { can } from '@/lib/authorization';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuthStore } from '@/stores/auth';
import '@/features/locations/i18n';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

/**
 * The locations of one organisation (organisation area), or of the application
 * (application area: every organisation's, with the organisation named).
 */
export function LocationsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization_id: organizationId } = useParams();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const mayCreate = useAuthStore((state) => can(state.profile, 'create-locations'));
  const base = organizationId ? `/organizations/${encodeURIComponent(organizationId)}/locations` : '/application/locations';
  const source = useMemo(() => (organizationId ? organizationLocations(organizationId) : applicationLocations), [organizationId]);

  const columns = useMemo<DataGridColumn<Location>[]>(
    () => [
      { field: 'name', header: t('locations.fields.name'), sortable: true, flex: 2 },
      ...(organizationId ? [] : [{ field: 'organization_name', header: t('locations.fields.organization'), flex: 1 }]),
      { field: 'city', header: t('locations.fields.city'), flex: 1 },
      {
        field: 'is_visible',
        header: t('locations.fields.visibility'),
        width: 140,
        render: (location: Location) =>
          location.is_hidden ? t('locations.hidden') : location.is_visible ? t('locations.visible') : t('locations.notVisible'),
      },
    ],
    [t, organizationId],
  );

  return (
    <>
      <PageHeader
        title={t('locations.title')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            {organizationId && mayCreate && (
              <Link className="button button--primary" to={`${base}/create`}>
                {t('locations.create')}
              </Link>
            )}
          </>
        }
      />
      <DataGrid<Location>
        label={t('locations.title')}
        columns={columns}
        source={source}
        getRowId={(location) => location.id}
        search={debouncedSearch}
        defaultSort={NAME_SORT}
        itemsPerPage={250}
        emptyMessage={t('locations.empty')}
        // Without edit-location the location opens read-only (web-090).
        onRowClicked={(location) => void navigate(`${base}/${location.id}/update`)}
      />
    </>
  );
}
