import { useTranslation } from 'react-i18next';
import type { Attendance } from '@/features/activities/api/participants';

/**
 * Present / absent in one tap (the door's target size); tapping the pressed one again
 * clears the mark. "Signed out" (the customer's own) shows as a note beside them.
 */
export function AttendanceToggle({
  label,
  attendance,
  busy,
  onMark,
}: {
  label: string;
  attendance: Attendance;
  busy: boolean;
  onMark: (attendance: Attendance) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="attendance-toggle" role="group" aria-label={label}>
      {(['present', 'absent'] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          className={`button attendance-toggle__${choice}`}
          aria-pressed={attendance === choice}
          disabled={busy}
          onClick={() => onMark(attendance === choice ? 'none' : choice)}
        >
          {t(`activities.participants.attendances.${choice}`)}
        </button>
      ))}
      {attendance === 'signed_out' && <span className="badge">{t('activities.participants.attendances.signed_out')}</span>}
    </div>
  );
}
