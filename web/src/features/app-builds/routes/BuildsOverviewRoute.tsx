import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { buildSource, isRunning, PLATFORMS, POLL_MS, type Build } from '@/features/app-builds/api/appBuilds';
import { BuildStatusBadge } from '@/features/app-builds/components/BuildStatusBadge';
import { BuildsTabs } from '@/features/app-builds/components/BuildsTabs';
import { currentLanguage } from '@/lib/i18n';
import type { ListSource } from '@/lib/list';
import { useContextStore } from '@/stores/context';
import '@/features/app-builds/i18n';

const NEWEST_FIRST = { field: 'requested_at', direction: 'desc' } as const;

/** /application/builds/overview: every build of the application, newest first; it asks again while one runs. */
export function BuildsOverviewRoute() {
  const { t } = useTranslation();
  const applicationId = useContextStore((state) => state.applicationId);
  const language = currentLanguage();
  const [platform, setPlatform] = useState('');
  const [refreshKey, setRefreshKey] = useState(0);
  const [running, setRunning] = useState(false);
  // The grid's pages tell whether a build on screen is still running.
  const source = useMemo<ListSource<Build>>(
    () => async (query, signal) => {
      const page = await buildSource(query, signal);
      setRunning(page.rows.some((build) => isRunning(build.status)));
      return page;
    },
    [],
  );
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setRefreshKey((key) => key + 1), POLL_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  const filter = useMemo(() => (platform ? { platform } : undefined), [platform]);
  const columns = useMemo<DataGridColumn<Build>[]>(() => {
    const dateTime = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nl-NL', { dateStyle: 'medium', timeStyle: 'short' });
    return [
      {
        field: 'requested_at',
        header: t('appBuilds.columns.requested_at'),
        sortable: true,
        width: 170,
        render: (b) => dateTime.format(new Date(b.requested_at)),
      },
      { field: 'platform', header: t('appBuilds.columns.platform'), width: 110, render: (b) => t(`appBuilds.platforms.${b.platform}`) },
      {
        field: 'version_name',
        header: t('appBuilds.columns.version_name'),
        sortable: true,
        key: true,
        width: 120,
      },
      { field: 'build_number', header: t('appBuilds.columns.build_number'), sortable: true, width: 110 },
      {
        field: 'status',
        header: t('appBuilds.columns.status'),
        flex: 1,
        render: (b) => (
          <>
            <BuildStatusBadge status={b.status} />
            {b.failure_reason && <span className="muted"> {b.failure_reason}</span>}
          </>
        ),
      },
      { field: 'tag', header: t('appBuilds.columns.tag'), width: 150 },
      {
        field: 'requested_by',
        header: t('appBuilds.columns.requested_by'),
        width: 160,
        render: (b) => b.requested_by?.name || '—',
      },
      {
        field: 'artifact_url',
        header: t('appBuilds.columns.artifact'),
        width: 140,
        render: (b) =>
          b.artifact_url ? (
            <a href={b.artifact_url} target="_blank" rel="noreferrer">
              {t('appBuilds.download', { version: b.version_name })}
            </a>
          ) : (
            '—'
          ),
      },
    ];
  }, [t, language]);
  return (
    <>
      <PageHeader
        title={t('appBuilds.overviewTitle')}
        actions={
          <>
            <label>
              {t('appBuilds.columns.platform')}{' '}
              <select className="input input--inline" value={platform} onChange={(event) => setPlatform(event.target.value)}>
                <option value="">{t('appBuilds.allPlatforms')}</option>
                {PLATFORMS.map((p) => (
                  <option key={p} value={p}>
                    {t(`appBuilds.platforms.${p}`)}
                  </option>
                ))}
              </select>
            </label>
            <HistoryLink entityType="app_builds" entityId={applicationId} />
            <Link className="button" to="/applications/builds/build-ios">
              {t('appBuilds.buildIos')}
            </Link>
            <Link className="button button--primary" to="/applications/builds/build-android">
              {t('appBuilds.buildAndroid')}
            </Link>
          </>
        }
      />
      <BuildsTabs />
      {running && (
        <p className="muted" role="status">
          {t('appBuilds.following')}
        </p>
      )}
      <DataGrid<Build>
        label={t('appBuilds.overviewTitle')}
        columns={columns}
        source={source}
        getRowId={(b) => b.id}
        filter={filter}
        filtered={Boolean(platform)}
        onClearSearch={() => setPlatform('')}
        defaultSort={NEWEST_FIRST}
        emptyMessage={t('appBuilds.empty')}
        emptyAction={<Link to="/application/builds">{t('appBuilds.emptyAction')}</Link>}
        refreshKey={refreshKey}
      />
    </>
  );
}
