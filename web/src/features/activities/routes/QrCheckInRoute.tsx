import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/EmptyState';
import { Link, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { useSession } from '@/features/activities/api/activities';
import { useCheckIn, useSessionParticipants } from '@/features/activities/api/participants';
import { CheckInForm } from '@/features/activities/components/CheckInForm';
import { useActivityContext } from '@/features/activities/routes/ActivityLayoutRoute';
import { formatSessionWhen } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** The door of one session: staff on a phone scan or type participants' QR codes. */
export function QrCheckInRoute() {
  const { t } = useTranslation();
  const { base } = useActivityContext();
  const { sessionId = '' } = useParams();
  const session = useSession(sessionId);
  const participants = useSessionParticipants(sessionId);
  const checkIn = useCheckIn(sessionId);
  if (session.isPending) return <Skeleton lines={3} />;
  if (!session.data) return <EmptyState message={t('activities.notFound')} />;
  const present = participants.data?.participants.filter((p) => p.attendance === 'present').length ?? 0;
  return (
    <section className="panel check-in" aria-labelledby="check-in-title">
      <h2 id="check-in-title">{t('activities.checkIn.title')}</h2>
      <p>
        {formatSessionWhen(session.data.date, session.data.start_time, session.data.end_time, currentLanguage())}
        {participants.data && (
          <>
            {' · '}
            <span data-testid="check-in-count">{t('activities.checkIn.count', { present, taken: participants.data.taken })}</span>
          </>
        )}
      </p>
      <CheckInForm onCheckIn={(code) => checkIn.mutateAsync(code)} />
      <p>
        <Link to={`${base}/sessions/${sessionId}`}>{t('activities.checkIn.back')}</Link>
      </p>
    </section>
  );
}
