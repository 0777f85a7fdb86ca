import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequiredMark } from '@/components/form';
import { Dialog } from '@/components/ui/Dialog';
import type { ParkedStream } from '@/features/operations/api/operations';

const MAX_REASON = 1000;

/** Asks why a parked event is skipped: the reason is required and recorded in the log with the operator. */
export function SkipDialog({
  parked,
  busy,
  onCancel,
  onSkip,
}: {
  parked: ParkedStream;
  busy: boolean;
  onCancel: () => void;
  onSkip: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const empty = reason.trim() === '';
  return (
    <Dialog open title={t('operations.parked.skipTitle', { name: parked.projector })} onClose={onCancel}>
      <form
        className="form__fieldset"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!empty) onSkip(reason.trim());
        }}
      >
        <p>{t('operations.parked.skipBody', { name: parked.projector, stream: parked.stream, type: parked.event_type })}</p>
        <div className="field">
          <label htmlFor={reasonId}>
            {t('operations.parked.reason')} <RequiredMark />
          </label>
          <textarea
            id={reasonId}
            className="input"
            rows={4}
            maxLength={MAX_REASON}
            required
            value={reason}
            aria-invalid={(tried && empty) || undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {tried && empty && <p className="field__error">{t('errors.required', { field: t('operations.parked.reason').toLowerCase() })}</p>}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {t('operations.parked.skipConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
