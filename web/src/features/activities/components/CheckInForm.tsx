import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckedIn } from '@/features/activities/api/participants';
import { QrScanner } from '@/features/activities/components/QrScanner';
import { ApiError } from '@/lib/api-client';

type Outcome = { ok: true; who: CheckedIn } | { ok: false; message: string };

/**
 * The door's form: scan a QR code with the camera, or type the booking's short code (or
 * the QR code's text); shows at once who was
 * checked in, or the server's reason why not ("already checked in at 18:58", another
 * session's code, a cancelled booking). Used for sessions and bundles alike.
 */
export function CheckInForm({ onCheckIn, disabled }: { onCheckIn: (code: string) => Promise<CheckedIn>; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scanning, setScanning] = useState(false);
  const [pending, setPending] = useState(false);
  const hint = useId();
  // One scan at a time: the camera sees the same code many times a second.
  const busy = useRef(false);

  const submit = async (value: string) => {
    const text = value.trim();
    if (!text || busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      setOutcome({ ok: true, who: await onCheckIn(text) });
      setCode('');
    } catch (error) {
      const message = error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.message) : t('activities.checkIn.failed');
      setOutcome({ ok: false, message });
    } finally {
      busy.current = false;
      setPending(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };
  const time = (iso: string) => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return (
    <>
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
        <button type="button" className="button button--primary check-in__scan" disabled={disabled} onClick={() => setScanning(true)}>
          {t('activities.checkIn.scan')}
        </button>
      )}
      <form className="check-in__manual" onSubmit={onSubmit}>
        <label className="field">
          <span>{t('activities.checkIn.code')}</span>
          <input
            className="input check-in__code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={hint}
          />
        </label>
        <p id={hint} className="field__hint">
          {t('activities.checkIn.codeHint')}
        </p>
        <button type="submit" className="button" disabled={disabled || pending || code.trim() === ''}>
          {t('activities.checkIn.submit')}
        </button>
      </form>
    </>
  );
}
