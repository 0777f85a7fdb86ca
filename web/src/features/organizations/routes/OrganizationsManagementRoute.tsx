import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataGrid, RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { exportOrganizations, organizationsList } from '@/features/organizations/api/organizations';
import { ORGANIZATION_STATES, type Organization } from '@/features/organizations/api/types';
import { OrganizationStateBadge } from '@/features/organizations/components/OrganizationStateBadge';
import { OrganizationTabs } from '@/features/organizations/components/OrganizationTabs';
import { ZipcodeFilter } from '@/features/organizations/components/ZipcodeFilter';
import { zipcodeFilter } from '@/features/organizations/zipcodes';
import { can } from '@/lib/authorization';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuthStore } from '@/stores/auth';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

export function OrganizationsManagementRoute() {
  const { t } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [state, setState] = useState('');
  // The zipcode filter is in the address (?zipcode=3511): a link to an area's organisations.
  const [params, setParams] = useSearchParams();
  const zipcode = params.get('zipcode') ?? '';
  const setZipcode = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('zipcode', value);
        else next.delete('zipcode');
        return next;
      },
      { replace: true },
    );
  const debouncedZipcode = useDebouncedValue(zipcode);
  // A filter that cannot match is not sent: the field says why, the list stays as it was.
  const zipcodeKey = zipcodeFilter(debouncedZipcode);
  const [lastZipcodeKey, setLastZipcodeKey] = useState(() => zipcodeFilter(zipcode) ?? '');
  if (zipcodeKey !== null && zipcodeKey !== lastZipcodeKey) setLastZipcodeKey(zipcodeKey);
  const [exporting, setExporting] = useState(false);
  const filter = useMemo(
    () => ({ state: state || undefined, zipcode: lastZipcodeKey || undefined }),
    [state, lastZipcodeKey],
  );
  const mayCreate = can(profile, 'create-organizations');
  const mayEdit = can(profile, 'edit-organization');

  const columns = useMemo<DataGridColumn<Organization>[]>(
    () => [
      { field: 'name', header: t('organizations.fields.name'), sortable: true, flex: 2 },
      { field: 'city', header: t('organizations.fields.city'), sortable: true, flex: 1 },
      { field: 'zipcode', header: t('organizations.fields.zipcode'), width: 120 },
      { field: 'email', header: t('organizations.fields.email'), flex: 1 },
      {
        field: 'state',
        header: t('organizations.state'),
        width: 150,
        render: (organization) => <OrganizationStateBadge state={organization.state} />,
      },
      {
        field: 'actions',
        header: t('common.actions'),
        width: 140,
        render: (organization) =>
          mayEdit ? (
            <RowActions
              actions={[{ label: t('common.edit'), icon: 'edit', to: `/application/organizations/management/${organization.id}` }]}
            />
          ) : null,
      },
    ],
    [t, mayEdit],
  );

  return (
    <>
      <PageHeader
        title={t('organizations.title')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            <select
              className="input input--inline"
              aria-label={t('organizations.state')}
              value={state}
              onChange={(event) => setState(event.target.value)}
            >
              <option value="">{t('organizations.allStates')}</option>
              {ORGANIZATION_STATES.map((value) => (
                <option key={value} value={value}>
                  {t(`organizations.states.${value}`)}
                </option>
              ))}
            </select>
            <ZipcodeFilter value={zipcode} onChange={setZipcode} />
            <button
              type="button"
              className="button"
              disabled={exporting}
              onClick={() => {
                setExporting(true);
                exportOrganizations({ search: debouncedSearch, state, zipcode: lastZipcodeKey })
                  .catch(() => undefined)
                  .finally(() => setExporting(false));
              }}
            >
              {t('organizations.export')}
            </button>
            {mayCreate && (
              <>
                <Link className="button" to="/application/organizations/management/import">
                  {t('organizations.import.title')}
                </Link>
                <Link className="button button--primary" to="/application/organizations/management/create">
                  {t('organizations.create')}
                </Link>
              </>
            )}
          </>
        }
      />
      <OrganizationTabs />
      <DataGrid<Organization>
        label={t('organizations.title')}
        columns={columns}
        source={organizationsList}
        getRowId={(organization) => organization.id}
        search={debouncedSearch}
        filter={filter}
        defaultSort={NAME_SORT}
        emptyMessage={t('organizations.empty')}
        emptyAction={
          mayCreate && (
            <Link className="button button--primary" to="/application/organizations/management/create">
              {t('organizations.create')}
            </Link>
          )
        }
        filtered={state !== '' || lastZipcodeKey !== ''}
        onClearSearch={() => {
          setSearch('');
          setState('');
          setZipcode('');
          setLastZipcodeKey('');
        }}
        rowHref={mayEdit ? (organization) => `/application/organizations/management/${organization.id}` : undefined}
      />
    </>
  );
}
