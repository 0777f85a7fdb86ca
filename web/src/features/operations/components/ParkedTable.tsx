import { useTranslation } from 'react-i18next';
import type { ParkedStream } from '@/features/operations/api/operations';
import { formatCount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

interface Props {
  parked: ParkedStream[];
  /** A retry or skip is under way: the buttons wait. */
  busy: boolean;
  onRetry: (stream: ParkedStream) => void;
  onSkip: (stream: ParkedStream) => void;
}

/** Every stream a read model parked (decision 1310): its first event, why, and how many wait behind it. */
export function ParkedTable({ parked, busy, onRetry, onSkip }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <table className="table" data-testid="operations-parked">
      <thead>
        <tr>
          <th scope="col">{t('operations.parked.readModel')}</th>
          <th scope="col">{t('operations.parked.tenant')}</th>
          <th scope="col">{t('operations.parked.stream')}</th>
          <th scope="col">{t('operations.parked.event')}</th>
          <th scope="col">{t('operations.parked.error')}</th>
          <th scope="col">{t('operations.parked.attempts')}</th>
          <th scope="col">{t('operations.parked.waiting')}</th>
          <th scope="col">{t('operations.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {parked.map((p) => (
          <tr key={`${p.projector}/${p.stream}`} data-parked={p.stream}>
            <td>
              <code>{p.projector}</code>
            </td>
            <td>{p.application_id ? <code>{p.application_id}</code> : t('operations.parked.platform')}</td>
            <td>
              <code>{p.stream}</code>
            </td>
            <td>
              <code>{p.event_type}</code>
              <div className="field__hint">{t('operations.parked.position', { position: p.position })}</div>
            </td>
            <td className="field__error">{p.error}</td>
            <td>
              {t('operations.parked.attemptsValue', {
                count: p.attempts,
                first: formatDateTime(p.first_attempt_at, language),
                last: formatDateTime(p.last_attempt_at, language),
              })}
            </td>
            <td>{formatCount(p.waiting, language)}</td>
            <td>
              <button
                type="button"
                className="button button--ghost"
                aria-label={t('operations.parked.retryLabel', { stream: p.stream, name: p.projector })}
                disabled={busy}
                onClick={() => onRetry(p)}
              >
                {t('operations.parked.retry')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                aria-label={t('operations.parked.skipLabel', { stream: p.stream, name: p.projector })}
                disabled={busy}
                onClick={() => onSkip(p)}
              >
                {t('operations.parked.skip')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
