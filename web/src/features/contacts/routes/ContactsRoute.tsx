import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { contactsList, type Contact } from '@/features/contacts/api/contacts';
import { can } from '@/lib/authorization';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuthStore } from '@/stores/auth';
import '@/features/contacts/i18n';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

export function ContactsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization_id: organizationId = '' } = useParams();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const mayManage = useAuthStore((state) => can(state.profile, 'manage-contacts'));
  const base = `/organizations/${encodeURIComponent(organizationId)}/contacts`;
  const source = useMemo(() => contactsList(organizationId), [organizationId]);
  const columns = useMemo<DataGridColumn<Contact>[]>(
    () => [
      { field: 'name', header: t('contacts.fields.name'), sortable: true, flex: 2 },
      { field: 'email', header: t('contacts.fields.email'), flex: 2 },
      { field: 'phone', header: t('contacts.fields.phone'), flex: 1 },
      {
        field: 'roles',
        header: t('contacts.fields.roles'),
        flex: 2,
        render: (contact) => contact.roles.map((role) => t(`contacts.roles.${role}`)).join(', '),
      },
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('contacts.title')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            {mayManage && (
              <Link className="button button--primary" to={`${base}/create`}>
                {t('contacts.create')}
              </Link>
            )}
          </>
        }
      />
      <DataGrid<Contact>
        label={t('contacts.title')}
        columns={columns}
        source={source}
        getRowId={(contact) => contact.id}
        search={debouncedSearch}
        defaultSort={NAME_SORT}
        itemsPerPage={250}
        emptyMessage={t('contacts.empty')}
        // Without manage-contacts the contact opens read-only (web-090).
        onRowClicked={(contact) => void navigate(`${base}/${contact.id}`)}
      />
    </>
  );
}
