import { useState, type FormEvent } from 'react';
import { EmptyState } from '@/components/ui/EmptyState';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { useActivitySessions } from '@/features/activities/api/activities';
import {
  ATTENDANCES,
  exportParticipants,
  useAddParticipant,
  useMarkAttendance,
  useMoveParticipant,
  useRemoveParticipant,
  useSessionParticipants,
  type Attendance,
  type Participant,
} from '@/features/activities/api/participants';
import { notifySaved } from '@/stores/notification';

interface Props {
  activityId: string;
  sessionId: string;
  /** The session's local date: the move dialog offers the activity's sessions from then on. */
  date: string;
  /** /organizations/{org}/activities/{id}. */
  base: string;
}

function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A session's participants: spots taken and left, attendance to mark, move and remove
 * (with confirmation), the waiting list in arrival order, the cancelled, add by hand,
 * export participants.xlsx and the way to the door's QR check-in.
 */
export function SessionParticipants({ activityId, sessionId, date, base }: Props) {
  const { t } = useTranslation();
  const list = useSessionParticipants(sessionId);
  const attendance = useMarkAttendance(sessionId);
  const remove = useRemoveParticipant(sessionId);
  const [removing, setRemoving] = useState<Participant | null>(null);
  const [moving, setMoving] = useState<Participant | null>(null);
  const [adding, setAdding] = useState(false);
  if (list.isPending) return <Skeleton lines={4} />;
  if (!list.data) return null;
  const { participants, waiting_list: waiting, cancelled } = list.data;
  const name = (p: Participant) => `${p.first_name} ${p.last_name}`.trim();
  return (
    <section className="panel participants" aria-labelledby="participants-title">
      <div className="participants__header">
        <h2 id="participants-title">{t('activities.participants.title')}</h2>
        <p data-testid="participants-counts">
          {t('activities.participants.counts', { taken: list.data.taken, spots: list.data.spots, left: list.data.left })}
        </p>
        <div className="participants__actions">
          <Link className="button" to={`${base}/sessions/${sessionId}/qr-checkin`}>
            {t('activities.participants.checkIn')}
          </Link>
          <button type="button" className="button" onClick={() => void exportParticipants(sessionId)}>
            {t('activities.participants.export')}
          </button>
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            {t('activities.participants.add')}
          </button>
        </div>
      </div>
      {participants.length === 0 ? (
        <EmptyState message={t('activities.participants.none')} />
      ) : (
        <table className="table" data-testid="participants">
          <thead>
            <tr>
              <th scope="col">{t('activities.participants.name')}</th>
              <th scope="col">{t('activities.participants.email')}</th>
              <th scope="col">{t('activities.participants.attendance')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('activities.participants.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {participants.map((p) => (
              <tr key={p.booking_id} data-testid="participant">
                <td>
                  {name(p)}
                  {p.status === 'held' && <span className="badge">{t('activities.participants.status.held')}</span>}
                </td>
                <td>{p.email}</td>
                <td>
                  <select
                    aria-label={t('activities.participants.attendanceOf', { name: name(p) })}
                    value={p.attendance}
                    disabled={attendance.isPending}
                    onChange={(event) => attendance.mutate({ bookingId: p.booking_id, attendance: event.target.value as Attendance })}
                  >
                    {ATTENDANCES.map((a) => (
                      <option key={a} value={a}>
                        {t(`activities.participants.attendances.${a}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="table__actions">
                  <button type="button" className="button button--ghost" onClick={() => setMoving(p)}>
                    {t('activities.participants.move')}
                  </button>
                  <button type="button" className="button button--ghost button--danger" onClick={() => setRemoving(p)}>
                    {t('activities.participants.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('activities.participants.waitingList', { count: waiting.length })}</h3>
      {waiting.length > 0 && (
        <ol data-testid="waiting-list">
          {waiting.map((p) => (
            <li key={p.booking_id}>{name(p)}</li>
          ))}
        </ol>
      )}
      {cancelled.length > 0 && (
        <>
          <h3>{t('activities.participants.cancelled')}</h3>
          <ul data-testid="cancelled">
            {cancelled.map((p) => (
              <li key={p.booking_id}>
                {name(p)} · {t(`activities.participants.status.${p.status}`, { defaultValue: p.status })}
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('activities.participants.removeTitle')}
        body={t('activities.participants.removeBody', { name: removing ? name(removing) : '' })}
        confirmLabel={t('activities.participants.remove')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.booking_id, {
            onSuccess: () => notifySaved(t('activities.participants.removed', { name: name(removing) })),
            onSettled: () => setRemoving(null),
          })
        }
      />
      {moving && (
        <MoveDialog activityId={activityId} sessionId={sessionId} from={date} participant={moving} onClose={() => setMoving(null)} />
      )}
      {adding && <AddParticipantDialog sessionId={sessionId} onClose={() => setAdding(false)} />}
    </section>
  );
}

function MoveDialog({
  activityId,
  sessionId,
  from,
  participant,
  onClose,
}: {
  activityId: string;
  sessionId: string;
  from: string;
  participant: Participant;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sessions = useActivitySessions(activityId, from, plusDays(from, 90));
  const move = useMoveParticipant(sessionId);
  const [target, setTarget] = useState('');
  const others = (sessions.data ?? []).filter((s) => s.id !== sessionId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    move.mutate(
      { bookingId: participant.booking_id, target },
      {
        onSuccess: () => {
          notifySaved(t('activities.participants.moved', { name: `${participant.first_name} ${participant.last_name}` }));
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open title={t('activities.participants.moveTitle', { name: `${participant.first_name} ${participant.last_name}` })} onClose={onClose}>
      <form onSubmit={submit}>
        <label className="field">
          <span>{t('activities.participants.moveTo')}</span>
          <select value={target} onChange={(event) => setTarget(event.target.value)} required>
            <option value="">{t('activities.participants.chooseSession')}</option>
            {others.map((s) => (
              <option key={s.id} value={s.id}>
                {s.date} {s.start_time}–{s.end_time}
              </option>
            ))}
          </select>
        </label>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={!target || move.isPending}>
            {t('activities.participants.move')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function AddParticipantDialog({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddParticipant(sessionId);
  const [values, setValues] = useState({ first_name: '', last_name: '', email: '', date_of_birth: '', gender: '', notes: '' });
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value })),
  });
  const errors = add.error && 'fields' in add.error ? (add.error.fields as Record<string, string>) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { participant: values },
      {
        onSuccess: () => {
          notifySaved(t('activities.participants.added', { name: `${values.first_name} ${values.last_name}`.trim() }));
          onClose();
        },
      },
    );
  };
  const error = (key: string) => errors[`participant.${key}`] && <span className="field__error">{errors[`participant.${key}`]}</span>;
  return (
    <Dialog open title={t('activities.participants.addTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {(['first_name', 'last_name', 'email', 'date_of_birth'] as const).map((key) => (
          <label key={key} className="field">
            <span>{t(`activities.participants.fields.${key}`)}</span>
            <input type={key === 'date_of_birth' ? 'date' : key === 'email' ? 'email' : 'text'} {...field(key)} />
            {error(key)}
          </label>
        ))}
        <label className="field">
          <span>{t('activities.participants.fields.gender')}</span>
          <select {...field('gender')}>
            <option value="">—</option>
            {(['male', 'female', 'other'] as const).map((g) => (
              <option key={g} value={g}>
                {t(`activities.participants.genders.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('activities.participants.fields.notes')}</span>
          <textarea {...field('notes')} />
          {error('notes')}
        </label>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {t('activities.participants.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
