import '@/features/operations/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { ParkedTable } from '@/features/operations/components/ParkedTable';
import { ProjectorsTable } from '@/features/operations/components/ProjectorsTable';
import { SkipDialog } from '@/features/operations/components/SkipDialog';
import {
  useOperationsReport,
  useRequestRebuild,
  useRetryParked,
  useSkipParked,
  type ParkedStream,
  type QueueState,
  type RetryOutcome,
} from '@/features/operations/api/operations';
import { formatCount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useNotificationStore } from '@/stores/notification';

/**
 * /admin/operations: the installation's read models, processes and connections (decision 0804),
 * its readiness as /readyz answers it, and the parked events with retry and skip (decision 1310).
 */
export function OperationsRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const report = useOperationsReport();
  const rebuild = useRequestRebuild();
  const notify = useNotificationStore((s) => s.show);
  const [confirming, setConfirming] = useState<string | null>(null);
  const retry = useRetryParked();
  const skip = useSkipParked();
  const [skipping, setSkipping] = useState<ParkedStream | null>(null);
  const outcome = (o: RetryOutcome) =>
    o.parked === 0
      ? notify({ message: t('operations.parked.retried', { applied: o.applied }), kind: 'success', icon: 'save-check' })
      : notify({ message: t('operations.parked.stillParked', { applied: o.applied, parked: o.parked, error: o.error ?? '' }), kind: 'error' });

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

      <section aria-labelledby="operations-health" data-testid="operations-health">
        <h2 id="operations-health">{t('operations.health.title')}</h2>
        {data.health.ready ? (
          <p>
            <span className="badge badge--approved">{t('operations.health.ready')}</span>
          </p>
        ) : (
          <>
            <p>{t('operations.health.notReady')}</p>
            <ul>
              {data.health.problems.map((p) => (
                <li key={`${p.read_model}/${p.reason}`}>
                  <code>{p.read_model}</code> {t(`operations.health.reasons.${p.reason}`, { defaultValue: p.reason })}
                  {p.detail ? ` (${p.detail})` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <h2>{t('operations.parked.title')}</h2>
      <p className="field__hint">{t('operations.parked.intro')}</p>
      {data.parked.length === 0 ? (
        <EmptyState message={t('operations.parked.none')} />
      ) : (
        <ParkedTable
          parked={data.parked}
          busy={retry.isPending || skip.isPending}
          onRetry={(p) => retry.mutate({ projector: p.projector, stream: p.stream }, { onSuccess: outcome })}
          onSkip={setSkipping}
        />
      )}

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

      <h2>{t('operations.parked.history')}</h2>
      {data.skips.length === 0 ? (
        <EmptyState message={t('operations.parked.noHistory')} />
      ) : (
        <table className="table" data-testid="operations-skips">
          <thead>
            <tr>
              <th scope="col">{t('operations.parked.when')}</th>
              <th scope="col">{t('operations.parked.readModel')}</th>
              <th scope="col">{t('operations.parked.stream')}</th>
              <th scope="col">{t('operations.parked.event')}</th>
              <th scope="col">{t('operations.parked.who')}</th>
              <th scope="col">{t('operations.parked.why')}</th>
            </tr>
          </thead>
          <tbody>
            {data.skips.map((s) => (
              <tr key={`${s.projector}/${s.event_id}`}>
                <td>{formatDateTime(s.skipped_at, language)}</td>
                <td>
                  <code>{s.projector}</code>
                </td>
                <td>
                  <code>{s.stream}</code>
                </td>
                <td>
                  <code>{s.event_type}</code>
                  <div className="field__hint">{s.error}</div>
                </td>
                <td>
                  <code>{s.actor_id}</code>
                </td>
                <td>{s.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {skipping && (
        <SkipDialog
          parked={skipping}
          busy={skip.isPending}
          onCancel={() => setSkipping(null)}
          onSkip={(reason) =>
            skip.mutate(
              { projector: skipping.projector, stream: skipping.stream, reason },
              {
                onSuccess: (o) => {
                  notify({ message: t('operations.parked.skipped', { applied: o.applied, parked: o.parked }), kind: 'success', icon: 'save-check' });
                  setSkipping(null);
                },
              },
            )
          }
        />
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
