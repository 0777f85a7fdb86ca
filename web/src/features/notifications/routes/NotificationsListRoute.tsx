import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import {
  notificationsApi,
  STATUSES,
  useCancelNotification,
  type Notification,
} from '@/features/notifications/api/notifications';
import { formatSendOn } from '@/features/notifications/format';
import { can } from '@/lib/authorization';
import { formatCount } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';
import '@/features/notifications/i18n';

const SEND_ON_SORT = { field: 'send_on', direction: 'desc' } as const;

/** The application's notifications: status, send time and recipients; edit or cancel before sending. */
export function NotificationsListRoute() {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === 'en' ? 'en' : 'nl') as Language;
  const profile = useAuthStore((state) => state.profile);
  const mayEdit = can(profile, 'edit-notification');
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [status, setStatus] = useState('');
  const [cancelling, setCancelling] = useState<Notification | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const cancel = useCancelNotification();
  const filter = useMemo(() => ({ status: status || undefined }), [status]);

  const columns = useMemo<DataGridColumn<Notification>[]>(
    () => [
      { field: 'name', header: t('notifications.fields.title'), sortable: true, key: true, flex: 2, render: (n) => n.title },
      {
        field: 'status',
        header: t('notifications.fields.status'),
        width: 140,
        render: (n) => <span className={`badge badge--${n.status}`}>{t(`notifications.status.${n.status}`)}</span>,
      },
      { field: 'send_on', header: t('notifications.fields.send_on'), sortable: true, flex: 2, render: (n) => formatSendOn(n.send_on, language) },
      { field: 'recipients', header: t('notifications.fields.recipients'), width: 130, render: (n) => formatCount(n.recipients, language) },
      ...(mayEdit
        ? [
            {
              field: 'actions',
              header: t('common.actions'),
              width: 340,
              render: (n: Notification) =>
                n.editable ? (
                  <RowActions
                    actions={[
                      { label: t('common.edit'), icon: 'edit', to: `/application/notifications/${n.id}` },
                      { label: t('notifications.cancel'), icon: 'delete', danger: true, onClick: () => setCancelling(n) },
                    ]}
                  />
                ) : null,
            } satisfies DataGridColumn<Notification>,
          ]
        : []),
    ],
    [t, language, mayEdit],
  );
  const create = can(profile, 'create-notifications') && (
    <Link className="button button--primary" to="/application/notifications/create">
      {t('notifications.create')}
    </Link>
  );
  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            <select className="input input--inline" aria-label={t('notifications.fields.status')} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{t('notifications.allStatuses')}</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`notifications.status.${value}`)}
                </option>
              ))}
            </select>
            {create}
          </>
        }
      />
      <DataGrid<Notification>
        label={t('notifications.title')}
        columns={columns}
        source={notificationsApi.list}
        getRowId={(n) => n.id}
        search={debouncedSearch}
        filter={filter}
        filtered={Boolean(status)}
        defaultSort={SEND_ON_SORT}
        emptyMessage={t('notifications.empty')}
        emptyAction={create}
        onClearSearch={() => {
          setSearch('');
          setStatus('');
        }}
        rowHref={mayEdit ? (n) => `/application/notifications/${n.id}` : undefined}
        refreshKey={refreshKey}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={t('notifications.cancel')}
        body={t('notifications.cancelBody', { name: cancelling?.title ?? '' })}
        confirmLabel={t('notifications.cancel')}
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(
            { id: cancelling.id, version: cancelling.version },
            {
              onSuccess: () => {
                notifySaved(t('notifications.cancelled'));
                setCancelling(null);
                setRefreshKey((k) => k + 1);
              },
              onError: () => setCancelling(null),
            },
          );
        }}
      />
    </>
  );
}
