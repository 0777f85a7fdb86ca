import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/Dialog';
import {
  useMarkAttendance,
  useMoveBetween,
  useSessionCounts,
  type Attendance,
  type Participant,
} from '@/features/activities/api/participants';
import { ApiError } from '@/lib/api-client';

const name = (p: Participant) => `${p.first_name} ${p.last_name}`.trim();

function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** What a bulk action did, with the way back (web-040). */
type Done =
  | { kind: 'present'; changed: { participant: Participant; before: Attendance }[]; failed: string[] }
  | { kind: 'move'; target: string; label: string; moved: Participant[]; failed: string[] }
  | { kind: 'undone'; count: number };

interface Props {
  activityId: string;
  sessionId: string;
  date: string;
  /** The session's participants with a spot. */
  participants: Participant[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  onContact: () => void;
}

/**
 * Bulk actions on the selected participants: mark present, contact, move to another
 * session — each previewed (who changes, who is left alone, whether the target has room)
 * before it runs, and undone by its compensating commands (attendance back as it was,
 * moved back) from the live region afterwards.
 */
export function ParticipantsBulk({ activityId, sessionId, date, participants, selected, onSelect, onContact }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attendance = useMarkAttendance(sessionId);
  const moveBetween = useMoveBetween();
  // Once more after the last command: a refetch of a busy moment may have been answered
  // before the read model passed every step (the server's wait is bounded).
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['participants'] });
  const [dialog, setDialog] = useState<'present' | 'move' | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = participants.filter((p) => selected.has(p.booking_id));
  const all = participants.length > 0 && chosen.length === participants.length;
  const failure = (p: Participant, error: unknown) =>
    `${name(p)}: ${error instanceof ApiError ? error.message : t('activities.bulk.failed')}`;

  const markPresent = async () => {
    setBusy(true);
    const changed: { participant: Participant; before: Attendance }[] = [];
    const failed: string[] = [];
    for (const p of chosen.filter((x) => x.attendance !== 'present')) {
      try {
        await attendance.mutateAsync({ bookingId: p.booking_id, attendance: 'present' });
        changed.push({ participant: p, before: p.attendance as Attendance });
      } catch (error) {
        failed.push(failure(p, error));
      }
    }
    await refresh();
    setBusy(false);
    setDialog(null);
    onSelect(new Set());
    setDone({ kind: 'present', changed, failed });
  };
  const move = async (target: string, label: string) => {
    setBusy(true);
    const moved: Participant[] = [];
    const failed: string[] = [];
    for (const p of chosen) {
      try {
        await moveBetween.mutateAsync({ from: sessionId, bookingId: p.booking_id, to: target });
        moved.push(p);
      } catch (error) {
        failed.push(failure(p, error));
      }
    }
    await refresh();
    setBusy(false);
    setDialog(null);
    onSelect(new Set());
    setDone({ kind: 'move', target, label, moved, failed });
  };
  const undo = async () => {
    if (!done || done.kind === 'undone') return;
    setBusy(true);
    let count = 0;
    const failed: string[] = [];
    const steps =
      done.kind === 'present'
        ? done.changed.map(({ participant, before }) => ({
            participant,
            run: () => attendance.mutateAsync({ bookingId: participant.booking_id, attendance: before }),
          }))
        : done.moved.map((participant) => ({
            participant,
            run: () => moveBetween.mutateAsync({ from: done.target, bookingId: participant.booking_id, to: sessionId }),
          }));
    for (const step of steps) {
      try {
        await step.run();
        count++;
      } catch (error) {
        failed.push(failure(step.participant, error));
      }
    }
    await refresh();
    setBusy(false);
    setDone(failed.length > 0 ? { kind: 'present', changed: [], failed } : { kind: 'undone', count });
  };

  return (
    <>
      <div className="participants__bulk" role="group" aria-label={t('activities.bulk.label')}>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={all}
            onChange={() => onSelect(all ? new Set() : new Set(participants.map((p) => p.booking_id)))}
          />
          {t('activities.bulk.selectAll')}
        </label>
        <span data-testid="bulk-count">{t('activities.bulk.selected', { count: chosen.length })}</span>
        <button type="button" className="button" disabled={chosen.length === 0 || busy} onClick={() => setDialog('present')}>
          {t('activities.bulk.present')}
        </button>
        <button type="button" className="button" disabled={chosen.length === 0 || busy} onClick={onContact}>
          {t('activities.bulk.contact')}
        </button>
        <button type="button" className="button" disabled={chosen.length === 0 || busy} onClick={() => setDialog('move')}>
          {t('activities.bulk.move')}
        </button>
      </div>
      {/* Always present, so what a bulk action did is announced. */}
      <div className="participants__feedback" role="status" data-testid="bulk-feedback">
        {done?.kind === 'present' && (done.changed.length > 0 || done.failed.length === 0) && (
          <>
            {t('activities.bulk.markedPresent', { count: done.changed.length })}{' '}
            {done.changed.length > 0 && (
              <button type="button" className="button button--small" disabled={busy} onClick={() => void undo()}>
                {t('activities.participants.undo')}
              </button>
            )}
          </>
        )}
        {done?.kind === 'move' && done.moved.length > 0 && (
          <>
            {t('activities.bulk.moved', { count: done.moved.length, session: done.label })}{' '}
            <button type="button" className="button button--small" disabled={busy} onClick={() => void undo()}>
              {t('activities.participants.undo')}
            </button>
          </>
        )}
        {done?.kind === 'undone' && t('activities.bulk.undone', { count: done.count })}
        {done && done.kind !== 'undone' && done.failed.length > 0 && (
          <span className="participants__failed">{t('activities.bulk.someFailed', { list: done.failed.join('; ') })}</span>
        )}
      </div>
      {dialog === 'present' && (
        <Dialog open title={t('activities.bulk.presentTitle', { count: chosen.length })} onClose={() => setDialog(null)}>
          <ul data-testid="bulk-preview">
            {chosen.map((p) => (
              <li key={p.booking_id}>
                {p.attendance === 'present'
                  ? t('activities.bulk.alreadyPresent', { name: name(p) })
                  : t('activities.bulk.becomesPresent', {
                      name: name(p),
                      before: t(`activities.participants.attendances.${p.attendance}`),
                    })}
              </li>
            ))}
          </ul>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={() => setDialog(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || chosen.every((p) => p.attendance === 'present')}
              onClick={() => void markPresent()}
            >
              {t('activities.bulk.presentConfirm', { count: chosen.filter((p) => p.attendance !== 'present').length })}
            </button>
          </div>
        </Dialog>
      )}
      {dialog === 'move' && (
        <BulkMoveDialog activityId={activityId} sessionId={sessionId} from={date} chosen={chosen} busy={busy} onMove={move} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

/** The move's preview: the target's free spots say who fits and who would wait (or stay). */
function BulkMoveDialog({
  activityId,
  sessionId,
  from,
  chosen,
  busy,
  onMove,
  onClose,
}: {
  activityId: string;
  sessionId: string;
  from: string;
  chosen: Participant[];
  busy: boolean;
  onMove: (target: string, label: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sessions = useSessionCounts(activityId, from, plusDays(from, 90));
  const [target, setTarget] = useState('');
  const others = (sessions.data ?? []).filter((s) => s.session_id !== sessionId);
  const chosenSession = others.find((s) => s.session_id === target);
  const label = (s: { date: string; start_time: string }) => `${s.date} ${s.start_time}`;
  const free = chosenSession ? Math.max(0, chosenSession.spots - chosenSession.taken) : 0;
  return (
    <Dialog open title={t('activities.bulk.moveTitle', { count: chosen.length })} onClose={onClose}>
      <label className="field">
        <span>{t('activities.participants.moveTo')}</span>
        <select className="input" value={target} onChange={(event) => setTarget(event.target.value)}>
          <option value="">{t('activities.participants.chooseSession')}</option>
          {others.map((s) => (
            <option key={s.session_id} value={s.session_id}>
              {t('activities.bulk.sessionOption', { session: label(s), free: Math.max(0, s.spots - s.taken), spots: s.spots })}
            </option>
          ))}
        </select>
      </label>
      {chosenSession && (
        <p role="status" data-testid="bulk-move-preview">
          {free >= chosen.length
            ? t('activities.bulk.moveFits', { count: chosen.length, session: label(chosenSession), free })
            : t('activities.bulk.moveFull', { count: chosen.length, fit: free, rest: chosen.length - free, session: label(chosenSession) })}
        </p>
      )}
      <ul>
        {chosen.map((p) => (
          <li key={p.booking_id}>{name(p)}</li>
        ))}
      </ul>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !chosenSession}
          onClick={() => chosenSession && void onMove(chosenSession.session_id, label(chosenSession))}
        >
          {t('activities.bulk.moveConfirm', { count: chosen.length })}
        </button>
      </div>
    </Dialog>
  );
}
