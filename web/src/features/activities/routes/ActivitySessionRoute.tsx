import { useState } from 'react';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { EmptyState } from '@/components/ui/EmptyState';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { useDeleteImpact, useDeleteSession, useSession, useUpdateSession } from '@/features/activities/api/activities';
import { useSessionParticipants } from '@/features/activities/api/participants';
import type { SessionInput } from '@/features/activities/api/types';
import { ScopeDialog } from '@/features/activities/components/ScopeDialog';
import { SessionParticipants } from '@/features/activities/components/SessionParticipants';
import { SeriesEditor, seriesValues, sessionInput } from '@/features/activities/components/SeriesEditor';
import { useActivityContext } from '@/features/activities/routes/ActivityLayoutRoute';
import { can } from '@/lib/authorization';
import { formatDay } from '@/lib/format';
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
  // The server's PUT and DELETE of a session (and the preview, impact) check edit-activity;
  // whoever only sees the activities (a trainer) reads the editor read-only (web-110).
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-activity'));
  const update = useUpdateSession();
  const remove = useDeleteSession();
  // A repeated session's change waits here for its scope; the form's submit waits for it.
  const [pending, setPending] = useState<{ input: SessionInput; resolve: () => void; reject: (error: unknown) => void } | null>(null);
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
    <details className="panel session-edit">
      <summary>{t(mayEdit ? 'activities.sessions.editThis' : 'activities.sessions.facts.title')}</summary>
      <SeriesEditor
        activityId={activity.id}
        initial={seriesValues(session.data)}
        repetition={repeated}
        readOnly={!mayEdit}
        submitLabel={t('common.save')}
        onSubmit={async (values) => {
          const input = sessionInput(values);
          if (!repeated) return save({ ...input, repetitionOccurrence: 'this' });
          // The submit lasts until the scope is chosen (or the dialog cancelled): a refusal
          // lands on the fields, and the save's own navigation passes the unsaved guard.
          return new Promise<void>((resolve, reject) => setPending({ input, resolve, reject }));
        }}
        extra={
          mayEdit && (
            <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
              {t('activities.sessions.delete')}
            </button>
          )
        }
      />
      {mayEdit && (
      <ScopeDialog
        sessionId={sessionId}
        input={pending?.input ?? null}
        onCancel={() => {
          pending?.resolve();
          setPending(null);
        }}
        onApply={async (scope) => {
          if (!pending) return;
          const input = scope === 'this' ? { ...pending.input, repetition: null } : pending.input;
          try {
            await save({ ...input, repetitionOccurrence: scope });
            pending.resolve();
          } catch (error) {
            pending.reject(error);
          } finally {
            setPending(null);
          }
        }}
      />
      )}
      {mayEdit && (
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
      )}
    </details>
    </>
  );
}
