import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CustomerLink } from '@/components/customer/CustomerLink';
import { Icon } from '@/components/ui/Icon';
import { PageHeader } from '@/components/page/PageHeader';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useDoor,
  useDoorBundleCheckIn,
  useDoorBundleParticipants,
  useDoorCheckIn,
  type BundleParticipant,
  type DoorBundle,
  type DoorSession,
} from '@/features/activities/api/door';
import { useMarkAttendance, useSessionParticipants, type Attendance, type Participant } from '@/features/activities/api/participants';
import { CheckInForm } from '@/features/activities/components/CheckInForm';
import '@/features/activities/i18n';
import { formatDay } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

const name = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

/** A bundle's participant at one of its sessions (decision 1700): checked in or not, no way back. */
interface BundleGuest {
  participant: BundleParticipant;
  bundle: DoorBundle;
  present: boolean;
}

/** The session that opens first: the first not yet over, else the day's last. */
function firstOpen(sessions: DoorSession[], now: number): string {
  const next = sessions.find((s) => Date.parse(s.ends_at) > now) ?? sessions[sessions.length - 1];
  return next?.session_id ?? '';
}

/**
 * The door on a phone (decision web-038): the organisation's sessions of today (or
 * ?date=) with present / booked / waiting; a code typed or scanned checks in whoever it
 * names among them; the open session lists its participants by name, each one big tap
 * to mark present (said in a live region, with undo).
 */
export function DoorRoute() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const [params] = useSearchParams();
  const date = params.get('date') ?? '';
  const door = useDoor(organizationId, date);
  const checkIn = useDoorCheckIn(organizationId, date);
  // null: the default (firstOpen); '': every session folded.
  const [open, setOpen] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  return (
    <div className="door">
      <PageHeader title={t('activities.door.title')} />
      {door.isPending ? (
        <Skeleton lines={4} />
      ) : !door.data ? null : (
        <>
          <p className="door__day">{formatDay(door.data.date, currentLanguage())}</p>
          <section className="panel check-in" aria-labelledby="door-code-title">
            <h2 id="door-code-title">{t('activities.door.byCode')}</h2>
            <CheckInForm onCheckIn={(code) => checkIn.mutateAsync(code)} />
          </section>
          {door.data.sessions.length === 0 ? (
            <EmptyState message={t('activities.door.none')} />
          ) : (
            <ul className="door__sessions" aria-label={t('activities.door.sessions')}>
              {door.data.sessions.map((s) => {
                const current = (open ?? firstOpen(door.data.sessions, now)) === s.session_id;
                const panel = `door-session-${s.session_id}`;
                return (
                  <li key={s.session_id} className="door__session" data-testid="door-session">
                    <button
                      type="button"
                      className="door__session-button"
                      aria-expanded={current}
                      aria-controls={panel}
                      onClick={() => setOpen(current ? '' : s.session_id)}
                    >
                      <span className="door__time">
                        {s.start_time}–{s.end_time}
                      </span>{' '}
                      <span className="door__activity">{s.activity_name}</span>
                      <span className="door__counts" data-testid="door-counts">
                        {t('activities.door.counts', { present: s.present, booked: s.booked, waiting: s.waiting })}
                      </span>
                    </button>
                    {current && <DoorParticipants session={s} id={panel} />}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/**
 * One session's participants by name, its own and its bundles' (decision 1700): a tap
 * marks a session's participant present (again: not marked), and checks a bundle's
 * participant in (once: a bundle's check-in has no way back).
 */
function DoorParticipants({ session, id }: { session: DoorSession; id: string }) {
  const { t, i18n } = useTranslation();
  const sessionId = session.session_id;
  const list = useSessionParticipants(sessionId);
  const attendance = useMarkAttendance(sessionId);
  const bundleLists = useDoorBundleParticipants(session.bundles);
  const bundleCheckIn = useDoorBundleCheckIn(sessionId);
  const [bundleCame, setBundleCame] = useState<{ name: string; bundle: string } | null>(null);
  const [search, setSearch] = useState('');
  // Taps in flight: each row waits for its own answer, the others stay tappable.
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [marked, setMarked] = useState<{ participant: Participant; attendance: Attendance; before: Attendance } | null>(null);
  // A tap shows at once (the door's network may be slow, a busy read model late): what was
  // asked for, until the list agrees (then the list rules again) or the command fails.
  const [asked, setAsked] = useState<ReadonlyMap<string, Attendance>>(new Map());
  // The open session's button names this panel (aria-controls): it is there while the list
  // loads, and when the list could not be had, as well as once it shows.
  if (list.isPending || bundleLists.some((q) => q.isPending))
    return (
      <div id={id} className="door__list">
        <Skeleton lines={3} />
      </div>
    );
  // The session's own list not had: the panel says so and asks again. A bundle's list that
  // failed only leaves out that bundle's guests.
  if (!list.data)
    return (
      <div id={id} className="door__list" role="alert">
        <LoadFailed onRetry={() => void list.refetch()} />
      </div>
    );
  const guests: BundleGuest[] = session.bundles.flatMap((bundle, index) =>
    (bundleLists[index]?.data?.participants ?? []).map((participant) => ({
      participant,
      bundle,
      present: Boolean(participant.checked_in[sessionId]) || asked.get(participant.booking_id) === 'present',
    })),
  );
  const checkInGuest = (guest: BundleGuest) => {
    const booking = guest.participant.booking_id;
    setPending((previous) => new Set(previous).add(booking));
    setAsked((previous) => new Map(previous).set(booking, 'present'));
    bundleCheckIn.mutate(
      { bundleId: guest.bundle.bundle_id, code: guest.participant.check_in_code },
      {
        onSuccess: () => {
          setMarked(null);
          setBundleCame({ name: name(guest.participant), bundle: guest.bundle.name });
        },
        onSettled: () =>
          setPending((previous) => {
            const next = new Set(previous);
            next.delete(booking);
            return next;
          }),
        onError: () =>
          setAsked((previous) => {
            const next = new Map(previous);
            next.delete(booking);
            return next;
          }),
      },
    );
  };
  // A guest's asked mark stays until the bundle's list says checked in.
  const arrived = guests.filter((g) => g.participant.checked_in[sessionId] && asked.has(g.participant.booking_id));
  if (arrived.length > 0) {
    setAsked((previous) => {
      const next = new Map(previous);
      for (const g of arrived) next.delete(g.participant.booking_id);
      return next;
    });
  }
  const agreed = list.data.participants.filter((p) => asked.get(p.booking_id) === p.attendance && !pending.has(p.booking_id));
  if (agreed.length > 0) {
    setAsked((previous) => {
      const next = new Map(previous);
      for (const p of agreed) next.delete(p.booking_id);
      return next;
    });
  }
  const shown = (p: Participant): Attendance => asked.get(p.booking_id) ?? (p.attendance as Attendance);
  const forget = (id: string, from: (previous: ReadonlySet<string>) => ReadonlySet<string>) => {
    setPending(from);
    setAsked((previous) => {
      const next = new Map(previous);
      next.delete(id);
      return next;
    });
  };
  const mark = (participant: Participant, wanted: Attendance, before: Attendance) => {
    const id = participant.booking_id;
    setPending((previous) => new Set(previous).add(id));
    setAsked((previous) => new Map(previous).set(id, wanted));
    attendance.mutate(
      { bookingId: id, attendance: wanted },
      {
        onSuccess: () => {
          setBundleCame(null);
          setMarked({ participant, attendance: wanted, before });
          setPending((previous) => {
            const next = new Set(previous);
            next.delete(id);
            return next;
          });
        },
        onError: () =>
          forget(id, (previous) => {
            const next = new Set(previous);
            next.delete(id);
            return next;
          }),
      },
    );
  };
  const collator = new Intl.Collator(i18n.language, { sensitivity: 'base' });
  const wanted = search.trim().toLocaleLowerCase();
  const matches = (p: { first_name: string; last_name: string; check_in_code: string }) =>
    !wanted || name(p).toLocaleLowerCase().includes(wanted) || p.check_in_code.toLowerCase().includes(wanted);
  // One list by name: the session's own participants and the bundles' guests.
  const people = [
    ...list.data.participants.filter(matches).map((p) => ({ kind: 'session' as const, key: p.booking_id, name: name(p), p })),
    ...guests.filter((g) => matches(g.participant)).map((g) => ({ kind: 'bundle' as const, key: g.participant.booking_id, name: name(g.participant), g })),
  ].sort((a, b) => collator.compare(a.name, b.name));
  return (
    <div id={id} className="door__list">
      {list.data.participants.length + guests.length === 0 ? (
        <EmptyState message={t('activities.participants.none')} />
      ) : (
        <>
          <label className="field door__search">
            <span>{t('activities.door.search')}</span>
            <input type="search" className="input" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
          </label>
          {/* Always present, so a change is announced when its words arrive. */}
          <div className="participants__feedback" role="status" data-testid="door-feedback">
            {marked && (
              <>
                {t('activities.participants.marked', {
                  name: name(marked.participant),
                  attendance: t(`activities.participants.attendances.${marked.attendance}`),
                })}{' '}
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => mark(marked.participant, marked.before, marked.attendance)}
                  disabled={pending.has(marked.participant.booking_id)}
                >
                  {t('activities.participants.undo')}
                </button>
              </>
            )}
            {bundleCame && t('activities.door.bundleCame', bundleCame)}
          </div>
          <ul className="door__people">
            {people.map((person) => {
              if (person.kind === 'bundle') {
                const { g } = person;
                return (
                  <li key={person.key}>
                    <button
                      type="button"
                      className="door__person"
                      aria-pressed={g.present}
                      // Checked in is final for a bundle: the button stays pressed, no tap clears it.
                      aria-disabled={g.present || undefined}
                      disabled={pending.has(person.key)}
                      onClick={() => !g.present && checkInGuest(g)}
                      data-testid="door-person"
                    >
                      <span className="door__name">{person.name}</span>
                      <span className="door__state">
                        {g.present ? t('activities.participants.attendances.present') : t('activities.door.state.none')}
                      </span>
                      <span className="door__bundle">{t('activities.door.bundle', { name: g.bundle.name })}</span>
                      {g.participant.check_in_code && <span className="door__code">{g.participant.check_in_code}</span>}
                    </button>
                  </li>
                );
              }
              const { p } = person;
              const now = shown(p);
              const present = now === 'present';
              return (
                <li key={person.key}>
                  <button
                    type="button"
                    className="door__person"
                    aria-pressed={present}
                    disabled={pending.has(p.booking_id)}
                    onClick={() => mark(p, present ? 'none' : 'present', now)}
                    data-testid="door-person"
                  >
                    <span className="door__name">{name(p)}</span>
                    <span className="door__state">
                      {present ? t('activities.participants.attendances.present') : t(`activities.door.state.${now}`, { defaultValue: '' })}
                    </span>
                    {p.check_in_code && <span className="door__code">{p.check_in_code}</span>}
                  </button>
                  <CustomerLink customerId={p.customer_id} label={t('activities.door.customerPage', { name: name(p) })}>
                    <Icon name="view" size={20} />
                  </CustomerLink>
                </li>
              );
            })}
          </ul>
          {people.length === 0 && <p>{t('activities.door.noMatch')}</p>}
        </>
      )}
    </div>
  );
}
