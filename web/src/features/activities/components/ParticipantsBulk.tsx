import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkBar, type BulkAction, type BulkOpenAction } from '@/components/bulk/BulkParts';
import type { Selection } from '@/components/bulk/selection';
import {
  useMarkAttendance,
  useMoveBetween,
  useSessionCounts,
  type Attendance,
  type Participant,
  type SessionCounts,
} from '@/features/activities/api/participants';
import { formatSessionWhen } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

const name = (p: Participant) => `${p.first_name} ${p.last_name}`.trim();

function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface Props {
  activityId: string;
  sessionId: string;
  date: string;
  /** The session's participants with a spot: "select everyone" chooses them. */
  participants: Participant[];
  selection: Selection<Participant>;
  onContact: (chosen: Participant[]) => void;
  /** Mail and move (edit-activity). */
  mayEdit: boolean;
  /** Mark present (check-in-participants). */
  mayCheckIn: boolean;
}

/**
 * Bulk actions on the selected participants, on the shared bulk parts (web-053, web-061):
 * mark present (each change listed, undone by marking each one back as they were), mail
 * (the contact dialog with its own preview) and move to another session (its free spots
 * say who fits; undone by moving each one back). One command per participant, through
 * the same routes as the single-row buttons.
 */
export function ParticipantsBulk({ activityId, sessionId, date, participants, selection, onContact, mayEdit, mayCheckIn }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attendance = useMarkAttendance(sessionId);
  const moveBetween = useMoveBetween();
  // The move's targets, asked once someone is selected (most visits select no one).
  const sessions = useSessionCounts(activityId, date, plusDays(date, 90), selection.selected().length > 0);
  const others = (sessions.data ?? []).filter((s) => s.session_id !== sessionId);
  const language = currentLanguage();
  const when = (s: SessionCounts) => formatSessionWhen(s.date, s.start_time, s.end_time, language);
  const free = (s: SessionCounts) => Math.max(0, s.spots - s.taken);
  useEffect(() => selection.setPage(participants), [selection, participants]);

  const present: BulkAction<Participant> = {
    id: 'present',
    label: t('activities.bulk.present'),
    tone: 'primary',
    skip: (p) => (p.attendance === 'present' ? t('activities.bulk.alreadyPresent') : null),
    change: (p) => t('activities.bulk.becomesPresent', { name: name(p), before: t(`activities.participants.attendances.${p.attendance}`) }),
    run: (p) => attendance.mutateAsync({ bookingId: p.booking_id, attendance: 'present' }),
    // The row is the participant as selected: its attendance is the one to go back to.
    undo: (p) => attendance.mutateAsync({ bookingId: p.booking_id, attendance: p.attendance as Attendance }),
  };
  const contact: BulkOpenAction<Participant> = { id: 'contact', label: t('activities.bulk.contact'), open: onContact };
  const move: BulkAction<Participant> = {
    id: 'move',
    label: t('activities.bulk.move'),
    skip: () => null,
    choice: {
      label: t('activities.participants.moveTo'),
      placeholder: t('activities.participants.chooseSession'),
      options: others.map((s) => ({
        value: s.session_id,
        label: t('activities.bulk.sessionOption', { session: when(s), free: free(s), spots: s.spots }),
      })),
      describe: (target, rows) => {
        const chosen = others.find((s) => s.session_id === target);
        if (!chosen) return '';
        const room = free(chosen);
        return room >= rows.length
          ? t('activities.bulk.moveFits', { count: rows.length, session: when(chosen), free: room })
          : t('activities.bulk.moveFull', { count: rows.length, fit: room, rest: rows.length - room, session: when(chosen) });
      },
    },
    run: (p, _reason, target) => moveBetween.mutateAsync({ from: sessionId, bookingId: p.booking_id, to: target }),
    undo: (p, target) => moveBetween.mutateAsync({ from: target, bookingId: p.booking_id, to: sessionId }),
  };
  return (
    <BulkBar
      selection={selection}
      // Each action with the permission the server checks for its commands.
      actions={[...(mayCheckIn ? [present] : []), ...(mayEdit ? [contact, move] : [])]}
      nameOf={name}
      pageLabel={t('activities.bulk.selectAll')}
      // Once more after the last command: a refetch of a busy moment may have been answered
      // before the read model passed every step (the server's wait is bounded).
      onDone={() => void queryClient.invalidateQueries({ queryKey: ['participants'] })}
    />
  );
}
