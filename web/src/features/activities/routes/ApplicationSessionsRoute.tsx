import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/page/PageHeader';
import { applicationSessions, exportSessions } from '@/features/activities/api/activities';
import type { Session } from '@/features/activities/api/types';
import '@/features/activities/i18n';
import { api } from '@/lib/api-client';

const START_SORT = { field: 'starts_at', direction: 'asc' } as const;

/** Every session of the application by start, filtered by organisation, activity and period; sessions.xlsx. */
export function ApplicationSessionsRoute() {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [organization, setOrganization] = useState('');
  const [exporting, setExporting] = useState(false);
  // The application's organisations by name, for the filter (the overview names them too).
  const organizations = useQuery({
    queryKey: ['organizations', 'all'],
    queryFn: async ({ signal }) =>
      (await api<{ data: { id: string; name: string }[] }>('/v1/admin/applications/organizations/all', { signal })).data,
  });
  const filter = useMemo(
    () => ({ from: from || undefined, to: to || undefined, organization_id: organization || undefined }),
    [from, to, organization],
  );
  const columns = useMemo<DataGridColumn<Session>[]>(
    () => [
      { field: 'date', header: t('activities.sessions.fields.date'), width: 130 },
      { field: 'start_time', header: t('activities.sessions.fields.start_time'), width: 100 },
      { field: 'end_time', header: t('activities.sessions.fields.end_time'), width: 100 },
      { field: 'activity_name', header: t('activities.sessions.activity'), flex: 2 },
      { field: 'organization_name', header: t('activities.fields.organization'), flex: 1 },
      { field: 'spots', header: t('activities.sessions.fields.spots'), width: 100 },
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('activities.sessions.applicationTitle')}
        actions={
          <>
            <label>
              {t('activities.sessions.from')}{' '}
              <input className="input input--inline" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label>
              {t('activities.sessions.to')}{' '}
              <input className="input input--inline" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </label>
            <select
              className="input input--inline"
              aria-label={t('activities.sessions.organization')}
              value={organization}
              onChange={(e) => setOrganization(e.target.value)}
            >
              <option value="">{t('activities.sessions.everyOrganization')}</option>
              {(organizations.data ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button"
              disabled={exporting}
              onClick={() => {
                setExporting(true);
                exportSessions(filter)
                  .catch(() => undefined)
                  .finally(() => setExporting(false));
              }}
            >
              {t('activities.sessions.export')}
            </button>
          </>
        }
      />
      <DataGrid<Session>
        label={t('activities.sessions.applicationTitle')}
        columns={columns}
        source={applicationSessions}
        getRowId={(session) => session.id}
        filter={filter}
        defaultSort={START_SORT}
        emptyMessage={t('activities.sessions.empty')}
      />
    </>
  );
}
