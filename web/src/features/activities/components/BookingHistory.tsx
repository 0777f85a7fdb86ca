import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { useBookingHistory, type BookingStep } from '@/features/activities/api/participants';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import '@/features/activities/i18n';

/** The waiting list's promotions are the one step of the system staff ask about. */
function systemName(system: string | undefined, t: (key: string) => string): string {
  return system?.includes('waitlist') ? t('activities.history.byWaitingList') : t('activities.history.bySystem');
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A person by name; one whose name was erased as such; a user the application cannot see
 * (platform staff, or someone who no longer holds a role in it: decision 0511) as from
 * outside; else the system's step.
 */
function actorName(step: BookingStep, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!step.actor) return USER_ID.test(step.system ?? '') ? t('activities.history.byOutsider') : systemName(step.system, t);
  return step.actor.name ? t('activities.history.by', { name: step.actor.name }) : t('activities.history.byUnknown');
}

function details(step: BookingStep, t: (key: string, options?: Record<string, unknown>) => string): string[] {
  const detail = (step.detail ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  if (step.event === 'booked' && detail.status === 'waitlisted') parts.push(t('activities.history.waitlisted'));
  if (step.event === 'booked' && detail.status === 'held') parts.push(t('activities.participants.status.held'));
  if (typeof detail.moved_from === 'string' && detail.moved_from) parts.push(t('activities.history.movedHere'));
  if (typeof detail.attendance === 'string') parts.push(t(`activities.participants.attendances.${detail.attendance}`));
  return parts;
}

/** A booking's steps, oldest first: what happened, who did it (a person by name, else the system), when. */
export function BookingTimeline({ steps }: { steps: BookingStep[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (steps.length === 0) return <p className="empty-state">{t('activities.history.empty')}</p>;
  return (
    <ol className="timeline" data-testid="booking-history">
      {steps.map((step, index) => {
        const extra = details(step, t);
        return (
          <li key={`${index}-${step.event}`} className="timeline__item" data-event={step.event}>
            <strong>{t(`activities.history.events.${step.event}`, { defaultValue: step.event })}</strong>{' '}
            <span>{actorName(step, t)}</span>
            {extra.length > 0 && <span> · {extra.join(' · ')}</span>}
            <br />
            <time className="field__hint" dateTime={step.at}>
              {formatDateTime(step.at, language)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}

/** The history of one booking in a dialog; path null keeps it closed. */
export function BookingHistoryDialog({ name, path, onClose }: { name: string; path: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useBookingHistory(path);
  return (
    <Dialog open={path !== null} title={t('activities.history.title', { name })} onClose={onClose} wide>
      {history.isPending ? <Skeleton lines={3} /> : history.data && <BookingTimeline steps={history.data} />}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
