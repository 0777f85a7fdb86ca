import { useState } from 'react';
import { CustomerLink } from '@/components/customer/CustomerLink';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowCheckbox } from '@/components/bulk/BulkParts';
import { useSelected, useSelection } from '@/components/bulk/selection';
import { Form, FormErrorSummary, SelectField, SubmitButton, TextAreaField, TextField } from '@/components/form';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { useActivitySessions } from '@/features/activities/api/activities';
import {
  exportParticipants,
  sessionHistoryPath,
  useAddParticipant,
  useMarkAttendance,
  useMoveParticipant,
  useRemoveParticipant,
  useSessionParticipants,
  type Attendance,
  type Participant,
} from '@/features/activities/api/participants';
import { AttendanceToggle } from '@/features/activities/components/AttendanceToggle';
import { BookingHistoryDialog } from '@/features/activities/components/BookingHistory';
import { ContactParticipantsDialog } from '@/features/activities/components/ContactParticipantsDialog';
import { ParticipantsBulk } from '@/features/activities/components/ParticipantsBulk';
import { can } from '@/lib/authorization';
import { formatSessionWhen } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';

interface Props {
  activityId: string;
  sessionId: string;
  /** The session's local date: the move dialog offers the activity's sessions from then on. */
  date: string;
  /** /organizations/{org}/activities/{id}. */
  base: string;
}

interface ParticipantValues {
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string;
  gender: string;
  notes: string;
}

function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A session's participants: spots taken and left, attendance marked in one tap (said in a
 * live region, with undo), contact all or the selected by mail, move and remove
 * (with confirmation), the waiting list in arrival order, the cancelled, add by hand,
 * export participants.xlsx, the way to the door's QR check-in, each booking's short
 * check-in code and history (who did what when), and bulk actions on the selected
 * (mark present, contact, move; previewed, with undo). Below 44rem of card each
 * participant is a card (web-039). Each control shows only with the permission the
 * server checks for it: adding, mailing, moving and removing with edit-activity, attendance
 * and the door with check-in-participants (a reader sees the list and its attendance).
 */
export function SessionParticipants({ activityId, sessionId, date, base }: Props) {
  const { t } = useTranslation();
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-activity'));
  const mayCheckIn = useAuthStore((state) => can(state.profile, 'check-in-participants'));
  const list = useSessionParticipants(sessionId);
  const attendance = useMarkAttendance(sessionId);
  const remove = useRemoveParticipant(sessionId);
  const [removing, setRemoving] = useState<Participant | null>(null);
  const [moving, setMoving] = useState<Participant | null>(null);
  const [adding, setAdding] = useState(false);
  const [history, setHistory] = useState<Participant | null>(null);
  // null: not contacting; else the recipients (everyone with a spot, or the selected).
  const [contacting, setContacting] = useState<{ recipients: Participant[]; selectedOnly: boolean } | null>(null);
  // The bulk actions' selection (web-053): the table's checkboxes and the bar share it.
  const selection = useSelected(useSelection<Participant>((p) => p.booking_id));
  // The last attendance change: said in the live region, with the way back.
  const [marked, setMarked] = useState<{ participant: Participant; attendance: Attendance; before: Attendance } | null>(null);
  if (list.isPending) return <Skeleton lines={4} />;
  if (!list.data)
    return (
      <div role="alert">
        <LoadFailed onRetry={() => void list.refetch()} />
      </div>
    );
  const { participants, waiting_list: waiting, cancelled } = list.data;
  const name = (p: Participant) => `${p.first_name} ${p.last_name}`.trim();
  const mark = (participant: Participant, wanted: Attendance) => {
    const before = participant.attendance as Attendance;
    attendance.mutate(
      { bookingId: participant.booking_id, attendance: wanted },
      { onSuccess: () => setMarked({ participant, attendance: wanted, before }) },
    );
  };
  const undo = () => {
    if (!marked) return;
    attendance.mutate(
      { bookingId: marked.participant.booking_id, attendance: marked.before },
      { onSuccess: () => setMarked({ participant: marked.participant, attendance: marked.before, before: marked.attendance }) },
    );
  };
  // Bulk actions exist for whoever may do one of them (mark present, or mail and move).
  const bulk = mayEdit || mayCheckIn;
  // The selection holds the rows as chosen; mail the participants as they are now.
  const chosen = participants.filter((p) => selection.has(p));
  const contactChosen = (rows: Participant[]) => {
    const ids = new Set(rows.map((p) => p.booking_id));
    setContacting({ recipients: participants.filter((p) => ids.has(p.booking_id)), selectedOnly: true });
  };
  const historyButton = (p: Participant) => (
    <button type="button" className="button button--ghost" aria-label={t('activities.participants.historyOf', { name: name(p) })} onClick={() => setHistory(p)}>
      {t('activities.participants.history')}
    </button>
  );
  return (
    <section className="panel participants" aria-labelledby="participants-title">
      <div className="participants__header">
        <h2 id="participants-title">{t('activities.participants.title')}</h2>
        <p data-testid="participants-counts">
          {t('activities.participants.counts', { taken: list.data.taken, spots: list.data.spots, left: list.data.left })}
        </p>
        <div className="participants__actions">
          {mayEdit && participants.length > 0 && (
            <button
              type="button"
              className="button"
              onClick={() => (chosen.length > 0 ? contactChosen(chosen) : setContacting({ recipients: participants, selectedOnly: false }))}
            >
              {chosen.length > 0 ? t('activities.participants.contactSelected', { count: chosen.length }) : t('activities.participants.contact')}
            </button>
          )}
          {mayCheckIn && (
            <Link className="button" to={`${base}/sessions/${sessionId}/qr-checkin`}>
              {t('activities.participants.checkIn')}
            </Link>
          )}
          <button type="button" className="button" onClick={() => void exportParticipants(sessionId)}>
            {t('activities.participants.export')}
          </button>
          {mayEdit && (
            <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
              {t('activities.participants.add')}
            </button>
          )}
        </div>
      </div>
      {/* Always present, so a change is announced when its words arrive. */}
      <div className="participants__feedback" role="status" data-testid="attendance-feedback">
        {marked && (
          <>
            {t('activities.participants.marked', {
              name: name(marked.participant),
              attendance: t(`activities.participants.attendances.${marked.attendance}`),
            })}{' '}
            <button type="button" className="button button--small" onClick={undo} disabled={attendance.isPending}>
              {t('activities.participants.undo')}
            </button>
          </>
        )}
      </div>
      {bulk && participants.length > 0 && (
        <ParticipantsBulk
          activityId={activityId}
          sessionId={sessionId}
          date={date}
          participants={participants}
          selection={selection}
          onContact={contactChosen}
          mayEdit={mayEdit}
          mayCheckIn={mayCheckIn}
        />
      )}
      {participants.length === 0 ? (
        <EmptyState message={t('activities.participants.none')} />
      ) : (
        <table className="table" data-testid="participants">
          <thead>
            <tr>
              {bulk && (
                <th scope="col">
                  <span className="visually-hidden">{t('activities.participants.select')}</span>
                </th>
              )}
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
                {bulk && (
                  <td>
                    <RowCheckbox selection={selection} row={p} name={name(p)} />
                  </td>
                )}
                <td>
                  <CustomerLink customerId={p.customer_id}>{name(p)}</CustomerLink>
                  {p.check_in_code && (
                    <span className="participants__code" title={t('activities.participants.code')}>
                      {p.check_in_code}
                    </span>
                  )}
                  {p.status === 'held' && <span className="badge">{t('activities.participants.status.held')}</span>}
                </td>
                <td>{p.email}</td>
                <td>
                  {mayCheckIn ? (
                    <AttendanceToggle
                      label={t('activities.participants.attendanceOf', { name: name(p) })}
                      attendance={p.attendance as Attendance}
                      busy={attendance.isPending}
                      onMark={(wanted) => mark(p, wanted)}
                    />
                  ) : (
                    t(`activities.participants.attendances.${p.attendance}`)
                  )}
                </td>
                <td className="table__actions">
                  {historyButton(p)}
                  {mayEdit && (
                    <>
                      <button type="button" className="button button--ghost" onClick={() => setMoving(p)}>
                        {t('activities.participants.move')}
                      </button>
                      <button type="button" className="button button--ghost button--danger-ghost" onClick={() => setRemoving(p)}>
                        {t('activities.participants.remove')}
                      </button>
                    </>
                  )}
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
            <li key={p.booking_id}>
              <CustomerLink customerId={p.customer_id}>{name(p)}</CustomerLink> {historyButton(p)}
            </li>
          ))}
        </ol>
      )}
      {cancelled.length > 0 && (
        <>
          <h3>{t('activities.participants.cancelled')}</h3>
          <ul data-testid="cancelled">
            {cancelled.map((p) => (
              <li key={p.booking_id}>
                <CustomerLink customerId={p.customer_id}>{name(p)}</CustomerLink> ·{' '}
                {t(`activities.participants.status.${p.status}`, { defaultValue: p.status })} {historyButton(p)}
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
      {contacting && (
        <ContactParticipantsDialog
          sessionId={sessionId}
          recipients={contacting.recipients}
          selectedOnly={contacting.selectedOnly}
          onClose={() => setContacting(null)}
        />
      )}
      <BookingHistoryDialog
        name={history ? name(history) : ''}
        path={history ? sessionHistoryPath(sessionId, history.booking_id) : null}
        onClose={() => setHistory(null)}
      />
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
  const others = (sessions.data ?? []).filter((s) => s.id !== sessionId);
  return (
    <Dialog open title={t('activities.participants.moveTitle', { name: `${participant.first_name} ${participant.last_name}` })} onClose={onClose}>
      <Form<{ target: string }>
        initialValues={{ target: '' }}
        validate={(values) => (values.target ? {} : { target: t('activities.participants.chooseSession') })}
        onSubmit={async ({ target }) => {
          await move.mutateAsync({ bookingId: participant.booking_id, target });
          notifySaved(t('activities.participants.moved', { name: `${participant.first_name} ${participant.last_name}` }));
          onClose();
        }}
      >
        <SelectField
          name="target"
          label={t('activities.participants.moveTo')}
          required
          emptyLabel={t('activities.participants.chooseSession')}
          emptyValue=""
          options={others.map((s) => ({ value: s.id, label: formatSessionWhen(s.date, s.start_time, s.end_time, currentLanguage()) }))}
        />
        <FormErrorSummary />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton>{t('activities.participants.move')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

function AddParticipantDialog({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddParticipant(sessionId);
  const label = (key: string) => t(`activities.participants.fields.${key}`);
  return (
    <Dialog open title={t('activities.participants.addTitle')} onClose={onClose}>
      {/* The server's refusals ("participant.first_name") land on the fields of the same name. */}
      <Form<{ participant: ParticipantValues }>
        initialValues={{ participant: { first_name: '', last_name: '', email: '', date_of_birth: '', gender: '', notes: '' } }}
        onSubmit={async (values) => {
          await add.mutateAsync(values);
          const { first_name: first, last_name: last } = values.participant;
          notifySaved(t('activities.participants.added', { name: `${first} ${last}`.trim() }));
          onClose();
        }}
      >
        <TextField name="participant.first_name" label={label('first_name')} required autoComplete="off" />
        <TextField name="participant.last_name" label={label('last_name')} required autoComplete="off" />
        <TextField name="participant.email" type="email" label={label('email')} autoComplete="off" />
        <TextField name="participant.date_of_birth" type="date" label={label('date_of_birth')} />
        <SelectField
          name="participant.gender"
          label={label('gender')}
          emptyLabel="—"
          emptyValue=""
          options={(['male', 'female', 'other'] as const).map((g) => ({ value: g, label: t(`activities.participants.genders.${g}`) }))}
        />
        <TextAreaField name="participant.notes" label={label('notes')} rows={3} />
        <FormErrorSummary />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton>{t('activities.participants.add')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
