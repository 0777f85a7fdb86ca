import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/Dialog';
import { sessionImpact } from '@/features/activities/api/activities';
import type { Impact, SessionInput } from '@/features/activities/api/types';
import '@/features/activities/i18n';

/**
 * Asks "only this one, or this and all later ones" for a change to a repeated session;
 * for the later ones it shows the impact (asked of the server, nothing written) first.
 * "Only this one" is the primary button and takes the focus: the choice that changes
 * least is the one a hurried Enter makes.
 */
export function ScopeDialog({
  sessionId,
  input,
  onApply,
  onCancel,
}: {
  sessionId: string;
  input: SessionInput | null;
  onApply: (scope: 'this' | 'following') => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [impact, setImpact] = useState<Impact | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = (scope: 'this' | 'following') => {
    setBusy(true);
    onApply(scope)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open={input !== null} title={t('activities.sessions.scopeTitle')} onClose={onCancel}>
      <p>{t('activities.sessions.scopeQuestion')}</p>
      {impact && (
        <p role="status" data-testid="impact">
          {t('activities.sessions.impact', impact)}{' '}
          {t('activities.sessions.impactParticipants', {
            booked:
              impact.participants.moved + impact.participants.changed + impact.participants.removed + impact.participants.unchanged,
            removed: impact.participants.removed,
            waiting: impact.participants.waiting,
          })}
        </p>
      )}
      {/* The safe choice, "Only this one", is the primary and has the focus: Enter changes one session, never a series. */}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('activities.sessions.cancel')}
        </button>
        {impact ? (
          <button type="button" className="button" disabled={busy} onClick={() => apply('following')}>
            {t('activities.sessions.applyLater')}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={busy || input === null}
            onClick={() => input && sessionImpact(sessionId, input).then(setImpact, () => undefined)}
          >
            {t('activities.sessions.thisAndLater')}
          </button>
        )}
        <button type="button" className="button button--primary" data-autofocus disabled={busy} onClick={() => apply('this')}>
          {t('activities.sessions.onlyThis')}
        </button>
      </div>
    </Dialog>
  );
}
