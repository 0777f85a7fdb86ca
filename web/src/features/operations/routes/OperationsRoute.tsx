import '@/features/operations/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { ProjectorsTable } from '@/features/operations/components/ProjectorsTable';
import { useOperationsReport, useRequestRebuild, type QueueState } from '@/features/operations/api/operations';
import { formatCount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useNotificationStore } from '@/stores/notification';

/** /admin/operations: the installation's read models, processes and connections (decision 0804). */
export function OperationsRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const report = useOperationsReport();
  const rebuild = useRequestRebuild();
  const notify = useNotificationStore((s) => s.show);
  const [confirming, setConfirming] = useState<string | null>(null);

  const header = <PageHeader title={t('operations.title')} />;
  if (report.isPending) {
    return (
      <>
        {header}
        <Skeleton lines={8} />
      </>
    );
  }
  if (!report.data) {
    return (
      <>
        {header}
        <EmptyState message={t('operations.loadFailed')} />
      </>
    );
  }
  const data = report.data;
  const queueName = (q: QueueState) => t(`operations.queueNames.${q.name}`, { defaultValue: q.name });
  return (
    <>
      {header}
      <p className="field__hint">
        {t('operations.intro')} {t('operations.measuredAt', { time: formatDateTime(data.measured_at, language) })}
      </p>
      <dl className="overview__totals" data-testid="operations-totals">
        <div>
          <dt>{t('operations.head')}</dt>
          <dd>
            <code>{data.log.head}</code>
          </dd>
        </div>
        {data.log.events != null && (
          <div>
            <dt>{t('operations.events')}</dt>
            <dd>{formatCount(data.log.events, language)}</dd>
          </div>
        )}
        <div>
          <dt>{t('operations.connections')}</dt>
          <dd>{t('operations.connectionsValue', { count: data.database.connections, max: data.database.max_connections })}</dd>
        </div>
        <div>
          <dt>{t('operations.pool')}</dt>
          <dd>
            {t('operations.poolValue', { inUse: data.database.pool_in_use, open: data.database.pool_open, max: data.database.pool_max })}
          </dd>
        </div>
      </dl>

      <h2>{t('operations.projectors')}</h2>
      <ProjectorsTable projectors={data.projectors} busy={rebuild.isPending} onRebuild={setConfirming} />

      <h2>{t('operations.queues')}</h2>
      {data.queues.length === 0 ? (
        <EmptyState message={t('operations.noQueues')} />
      ) : (
        <table className="table" data-testid="operations-queues">
            <thead>
              <tr>
                <th scope="col">{t('operations.queue')}</th>
                <th scope="col">{t('operations.pending')}</th>
                <th scope="col">{t('operations.oldest')}</th>
              </tr>
            </thead>
            <tbody>
              {data.queues.map((q) => (
                <tr key={q.name} data-queue={q.name}>
                  <td>{queueName(q)}</td>
                  <td>{formatCount(q.pending, language)}</td>
                  <td>{q.oldest ? formatDateTime(q.oldest, language) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
      )}

      <ConfirmDialog
        open={confirming !== null}
        title={t('operations.rebuildTitle', { name: confirming ?? '' })}
        body={t('operations.rebuildBody', { name: confirming ?? '' })}
        confirmLabel={t('operations.rebuildConfirm')}
        tone="primary"
        busy={rebuild.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const name = confirming;
          if (!name) return;
          rebuild.mutate(name, {
            onSuccess: () => notify({ message: t('operations.rebuildStarted', { name }), kind: 'success', icon: 'save-check' }),
            onSettled: () => setConfirming(null),
          });
        }}
      />
    </>
  );
}
