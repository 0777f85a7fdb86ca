import { useTranslation } from 'react-i18next';
import type { ProjectorState } from '@/features/operations/api/operations';
import { formatCount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** The badge colour of each state: green running, yellow rebuilding, red failed. */
const BADGES: Record<string, string> = { running: 'approved', rebuilding: 'pending', failed: 'rejected' };

interface Props {
  projectors: ProjectorState[];
  /** A rebuild request is under way: the buttons wait. */
  busy: boolean;
  onRebuild: (name: string) => void;
}

/** Every read model and process of the installation: state, place in the log, version. */
export function ProjectorsTable({ projectors, busy, onRebuild }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <table className="table" data-testid="operations-projectors">
      <thead>
        <tr>
          <th scope="col">{t('operations.name')}</th>
          <th scope="col">{t('operations.state')}</th>
          <th scope="col">{t('operations.lag')}</th>
          <th scope="col">{t('operations.version')}</th>
          <th scope="col">{t('operations.lastEvent')}</th>
          <th scope="col">{t('operations.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {projectors.map((p) => (
          <tr key={p.name} data-projector={p.name}>
            <td>
              <code>{p.name}</code>
            </td>
            <td>
              <span className={`badge badge--${BADGES[p.state] ?? 'none'}`}>{t(`operations.states.${p.state}`, { defaultValue: p.state })}</span>
              {p.state === 'rebuilding' && (
                <span className="field__hint"> {t('operations.rebuildProgress', { done: p.rebuild_done, total: p.rebuild_total })}</span>
              )}
              {p.rebuild_requested && p.state !== 'rebuilding' && <span className="field__hint"> {t('operations.rebuildRequested')}</span>}
              {p.parked > 0 && <div className="field__hint">{t('operations.parkedCount', { count: p.parked })}</div>}
              {p.state === 'failed' && (
                <div className="field__error" role="note">
                  {t('operations.failedAt', { event: p.failed_event_id ?? '', error: p.error ?? '' })}
                </div>
              )}
            </td>
            <td>
              {p.lag == null
                ? '—'
                : p.lag_capped
                  ? t('operations.lagCapped', { count: p.lag })
                  : formatCount(p.lag, language)}
            </td>
            <td>
              {p.version === p.code_version || p.state === 'not_started'
                ? p.code_version
                : t('operations.versionMismatch', { stored: p.version, code: p.code_version })}
            </td>
            <td>{p.last_recorded_at ? formatDateTime(p.last_recorded_at, language) : '—'}</td>
            <td>
              <button
                type="button"
                className="button button--ghost"
                aria-label={t('operations.rebuildLabel', { name: p.name })}
                disabled={busy || p.state === 'rebuilding' || p.rebuild_requested || p.state === 'not_started'}
                onClick={() => onRebuild(p.name)}
              >
                {t('operations.rebuild')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
