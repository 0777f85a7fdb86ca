import { useState } from 'react';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { EmptyState } from '@/components/ui/EmptyState';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { useDeleteImpact, useDeleteSession, useSession, useUpdateSession } from '@/features/activities/api/activities';
import { useSessionParticipants } from '@/features/activities/api/participants';
import type { SessionDetail, SessionInput } from '@/features/activities/api/types';
import { ScopeDialog } from '@/features/activities/components/ScopeDialog';
import { SessionParticipants } from '@/features/activities/components/SessionParticipants';
import { SeriesEditor, seriesValues, sessionInput } from '@/features/activities/components/SeriesEditor';
import { useActivityContext } from '@/features/activities/routes/ActivityLayoutRoute';
import { can } from '@/lib/authorization';
import { formatDateTime, formatDay } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';

/**
 * One session, opened on its participants (what staff come here for); below them, folded,
 * its values and its series' rule. Saving a repeated session asks "only this one, or this
 * and all later" (with the impact); deleting says participants are not updated.
 */
export function ActivitySessionRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { activity, base } = useActivityContext();
  const { sessionId = '' } = useParams();
  const session = useSession(sessionId);
  // The bookings live in the session's own stream (decision 1401), which exists once someone booked.
  const bookings = useSessionParticipants(sessionId).data;
  const booked = Boolean(
    bookings && bookings.participants.length + bookings.cancelled.length + bookings.waiting_list.length > 0,
  );
  // The server's PUT and DELETE of a session check edit-activity; whoever only sees the
  // activities (a trainer) reads the session's values instead of an editor (web-090).
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-activity'));
  const update = useUpdateSession();
  const remove = useDeleteSession();
  const [pending, setPending] = useState<SessionInput | null>(null);
  const [deleting, setDeleting] = useState(false);
  const repeats = session.data?.repeats ?? false;
  const deleteThis = useDeleteImpact(sessionId, 'this', deleting);
  const deleteLater = useDeleteImpact(sessionId, 'following', deleting && repeats);
  const back = `${base}/sessions`;
  if (session.isPending) return <Skeleton lines={6} />;
  if (!session.data) return <EmptyState message={t('activities.notFound')} />;
  const repeated = session.data.repeats;
  const save = async (input: SessionInput) => {
    await update.mutateAsync({ id: sessionId, input });
    notifySaved(t('common.saved'));
    void navigate(back);
  };
  return (
    <>
    <div className="page-header page-header--section">
      <h2 className="session-title">
        {formatDay(session.data.date, currentLanguage())} · {session.data.start_time}–{session.data.end_time}
      </h2>
      <div className="page-header__actions">
        {booked && <HistoryLink entityType="session" entityId={sessionId} label={t('activities.sessions.history')} />}
        <HistoryLink entityType="series" entityId={session.data.series_id} label={t('activities.sessions.seriesHistory')} />
      </div>
    </div>
    <SessionParticipants activityId={activity.id} sessionId={sessionId} date={session.data.date} base={base} />
    {!mayEdit && <SessionFacts session={session.data} />}
    {mayEdit && (
    <details className="panel session-edit">
      <summary>{t('activities.sessions.editThis')}</summary>
      <SeriesEditor
        activityId={activity.id}
        initial={seriesValues(session.data)}
        repetition={repeated}
        submitLabel={t('common.save')}
        onSubmit={async (values) => {
          const input = sessionInput(values);
          if (repeated) {
            setPending(input);
            return;
          }
          await save({ ...input, repetitionOccurrence: 'this' });
        }}
        extra={
          <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
            {t('activities.sessions.delete')}
          </button>
        }
      />
      <ScopeDialog
        sessionId={sessionId}
        input={pending}
        onCancel={() => setPending(null)}
        onApply={async (scope) => {
          if (!pending) return;
          const input = scope === 'this' ? { ...pending, repetition: null } : pending;
          await save({ ...input, repetitionOccurrence: scope });
          setPending(null);
        }}
      />
      <Dialog open={deleting} title={t('activities.sessions.deleteTitle')} onClose={() => setDeleting(false)} role="alertdialog">
        <p>{t('activities.sessions.deleteBody')}</p>
        {deleteThis.data && (
          <p role="status" data-testid="delete-impact-this">
            {t('activities.sessions.deleteImpactThis', deleteThis.data)}
          </p>
        )}
        {deleteLater.data && (
          <p role="status" data-testid="delete-impact-following">
            {t('activities.sessions.deleteImpactFollowing', deleteLater.data)}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setDeleting(false)}>
            {t('activities.sessions.cancel')}
          </button>
          {(['this', ...(repeated ? ['following'] : [])] as ('this' | 'following')[]).map((scope) => (
            <button
              key={scope}
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate({ id: sessionId, scope }, { onSuccess: () => void navigate(back), onSettled: () => setDeleting(false) })
              }
            >
              {t(scope === 'this' ? 'activities.sessions.deleteThis' : 'activities.sessions.deleteLater')}
            </button>
          ))}
        </div>
      </Dialog>
    </details>
    )}
    </>
  );
}

/** A session's values for a user who may not change them: read, not an editor with its fields disabled. */
function SessionFacts({ session }: { session: SessionDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const bound = ({ at, minutes_before: minutes }: { at?: string | null; minutes_before?: number | null }) => {
    if (minutes != null) {
      return minutes % 60 === 0
        ? t('activities.sessions.facts.hoursBefore', { count: minutes / 60 })
        : t('activities.sessions.facts.minutesBefore', { count: minutes });
    }
    return at ? formatDateTime(at, language) : t('activities.sessions.facts.always');
  };
  return (
    <section className="panel" aria-labelledby="session-facts">
      <h2 id="session-facts">{t('activities.sessions.facts.title')}</h2>
      <dl className="facts">
        <dt>{t('activities.sessions.fields.spots')}</dt>
        <dd>{session.spots}</dd>
        <dt>{t('activities.sessions.facts.subscribeFrom')}</dt>
        <dd>{bound(session.subscribe_rules.from)}</dd>
        <dt>{t('activities.sessions.facts.subscribeUntil')}</dt>
        <dd>{bound(session.subscribe_rules.until)}</dd>
        <dt>{t('activities.sessions.facts.series')}</dt>
        <dd>{session.repeats ? t('activities.sessions.facts.repeats') : t('activities.sessions.facts.once')}</dd>
      </dl>
    </section>
  );
}
