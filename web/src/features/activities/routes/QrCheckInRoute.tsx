import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { useSession } from '@/features/activities/api/activities';
import { useCheckIn, useSessionParticipants, type CheckedIn } from '@/features/activities/api/participants';
import { QrScanner } from '@/features/activities/components/QrScanner';
import { useActivityContext } from '@/features/activities/routes/ActivityLayoutRoute';
import { ApiError } from '@/lib/api-client';

type Outcome = { ok: true; who: CheckedIn } | { ok: false; message: string };

/**
 * The door: staff on a phone scan a participant's QR code with the camera (or type it),
 * and see at once who was checked in, or why not ("already checked in at 18:58",
 * another session's code, a cancelled booking).
 */
export function QrCheckInRoute() {
  const { t, i18n } = useTranslation();
  const { base } = useActivityContext();
  const { sessionId = '' } = useParams();
  const session = useSession(sessionId);
  const participants = useSessionParticipants(sessionId);
  const checkIn = useCheckIn(sessionId);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scanning, setScanning] = useState(false);
  // One scan at a time: the camera sees the same code many times a second.
  const busy = useRef(false);
  if (session.isPending) return <Skeleton lines={3} />;
  if (!session.data) return <p className="empty-state">{t('activities.notFound')}</p>;

  const submit = async (value: string) => {
    const text = value.trim();
    if (!text || busy.current) return;
    busy.current = true;
    try {
      setOutcome({ ok: true, who: await checkIn.mutateAsync(text) });
      setCode('');
    } catch (error) {
      const message = error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.message) : t('activities.checkIn.failed');
      setOutcome({ ok: false, message });
    } finally {
      busy.current = false;
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };
  const present = participants.data?.participants.filter((p) => p.attendance === 'present').length ?? 0;
  const time = (iso: string) => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return (
    <section className="panel check-in" aria-labelledby="check-in-title">
      <h2 id="check-in-title">{t('activities.checkIn.title')}</h2>
      <p>
        {session.data.date} {session.data.start_time}–{session.data.end_time}
        {participants.data && (
          <>
            {' · '}
            <span data-testid="check-in-count">{t('activities.checkIn.count', { present, taken: participants.data.taken })}</span>
          </>
        )}
      </p>
      {outcome && (
        <p
          role="status"
          data-testid="check-in-outcome"
          className={outcome.ok ? 'notice notice--success check-in__outcome' : 'notice notice--warning check-in__outcome'}
        >
          {outcome.ok
            ? t('activities.checkIn.done', { name: `${outcome.who.first_name} ${outcome.who.last_name}`, time: time(outcome.who.checked_in_at) })
            : outcome.message}
        </p>
      )}
      {scanning ? (
        <QrScanner onCode={(value) => void submit(value)} onClose={() => setScanning(false)} />
      ) : (
        <button type="button" className="button button--primary check-in__scan" onClick={() => setScanning(true)}>
          {t('activities.checkIn.scan')}
        </button>
      )}
      <form className="check-in__manual" onSubmit={onSubmit}>
        <label className="field">
          <span>{t('activities.checkIn.code')}</span>
          <input value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" autoCapitalize="off" spellCheck={false} />
        </label>
        <button type="submit" className="button" disabled={checkIn.isPending || code.trim() === ''}>
          {t('activities.checkIn.submit')}
        </button>
      </form>
      <p>
        <Link to={`${base}/sessions/${sessionId}`}>{t('activities.checkIn.back')}</Link>
      </p>
    </section>
  );
}
