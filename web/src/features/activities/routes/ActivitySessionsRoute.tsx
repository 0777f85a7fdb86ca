import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { useActivitySessions, useCreateSessions } from '@/features/activities/api/activities';
import type { Session } from '@/features/activities/api/types';
import { emptySeries, SeriesEditor, sessionInput } from '@/features/activities/components/SeriesEditor';
import { useActivityContext } from '@/features/activities/routes/ActivityLayoutRoute';
import { can } from '@/lib/authorization';
import { formatDay, formatShortDay, startOfWeek, WEEKDAYS } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';

/** A local calendar date as YYYY-MM-DD. */
function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

function SessionLink({ base, session }: { base: string; session: Session }) {
  const { t } = useTranslation();
  return (
    <Link className="agenda__session" to={`${base}/sessions/${session.id}`} data-testid="agenda-session">
      {session.start_time}–{session.end_time} · {session.spots}
      {session.is_exception && <small> ({t('activities.sessions.exception')})</small>}
    </Link>
  );
}

/** Seven columns, Monday first: the week's sessions by local date. */
function WeekView({ base, monday, sessions }: { base: string; monday: Date; sessions: Session[] }) {
  const { t } = useTranslation();
  return (
    // A named group, reachable by Tab: on a phone it scrolls sideways and the keyboard must reach it too.
    <div className="agenda agenda--week" role="group" aria-label={t('activities.sessions.week')} tabIndex={0}>
      {WEEKDAYS.map((day, index) => {
        const date = isoDate(addDays(monday, index));
        return (
          <div key={day} className="agenda__day">
            <strong aria-label={formatDay(date, currentLanguage())}>{formatShortDay(date, currentLanguage())}</strong>
            {sessions
              .filter((session) => session.date === date)
              .map((session) => (
                <SessionLink key={session.id} base={base} session={session} />
              ))}
          </div>
        );
      })}
    </div>
  );
}

function ListView({ base, sessions }: { base: string; sessions: Session[] }) {
  const { t } = useTranslation();
  if (sessions.length === 0) return <EmptyState message={t('activities.sessions.empty')} />;
  return (
    <ul className="agenda agenda--list">
      {sessions.map((session) => (
        <li key={session.id}>
          {formatDay(session.date, currentLanguage())} <SessionLink base={base} session={session} />
        </li>
      ))}
    </ul>
  );
}

/** The activity's agenda (week or list) and the series editor for new sessions. */
export function ActivitySessionsRoute() {
  const { t } = useTranslation();
  const { activity, base } = useActivityContext();
  const profile = useAuthStore((state) => state.profile);
  const [view, setView] = useState<'week' | 'list'>('list');
  const [monday, setMonday] = useState(() => startOfWeek(new Date()));
  const [creating, setCreating] = useState(false);
  const from = view === 'week' ? isoDate(monday) : isoDate(new Date());
  const to = view === 'week' ? isoDate(addDays(monday, 6)) : '';
  const sessions = useActivitySessions(activity.id, from, to);
  const create = useCreateSessions(activity.id);
  return (
    <>
      <div className="toolbar">
        <div role="group" aria-label={t('activities.sessions.title')}>
          <button type="button" className="button" aria-pressed={view === 'week'} onClick={() => setView('week')}>
            {t('activities.sessions.week')}
          </button>
          <button type="button" className="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
            {t('activities.sessions.list')}
          </button>
        </div>
        {view === 'week' && (
          <div role="group">
            <button type="button" className="button button--ghost" onClick={() => setMonday(addDays(monday, -7))}>
              {t('activities.sessions.previousWeek')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setMonday(startOfWeek(new Date()))}>
              {t('activities.sessions.today')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setMonday(addDays(monday, 7))}>
              {t('activities.sessions.nextWeek')}
            </button>
          </div>
        )}
        {can(profile, 'edit-activity') && !creating && (
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            {t('activities.sessions.new')}
          </button>
        )}
      </div>
      {creating && (
        <section className="panel" aria-label={t('activities.sessions.new')}>
          <h2>{t('activities.sessions.new')}</h2>
          <SeriesEditor
            activityId={activity.id}
            initial={emptySeries(isoDate(addDays(new Date(), 1)))}
            repetition
            submitLabel={t('common.save')}
            extra={
              <button type="button" className="button" onClick={() => setCreating(false)}>
                {t('common.cancel')}
              </button>
            }
            onSubmit={async (values) => {
              await create.mutateAsync(sessionInput(values));
              notifySaved(t('common.saved'));
              setCreating(false);
            }}
          />
        </section>
      )}
      {sessions.isPending && <Skeleton lines={6} />}
      {sessions.data &&
        (view === 'week' ? (
          <WeekView base={base} monday={monday} sessions={sessions.data} />
        ) : (
          <ListView base={base} sessions={sessions.data} />
        ))}
    </>
  );
}
