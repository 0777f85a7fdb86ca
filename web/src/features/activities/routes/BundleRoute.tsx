import { useEffect, useState } from 'react';
import { CustomerLink } from '@/components/customer/CustomerLink';
import { EmptyState } from '@/components/ui/EmptyState';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { Form, FormActions, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { Tabs } from '@/components/page/Tabs';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useBundle,
  useBundleCheckIn,
  useBundleParticipants,
  useBundleSessions,
  useCreateBundleSessions,
  useDeleteBundle,
  useUpdateBundle,
} from '@/features/activities/api/bundles';
import { bundleHistoryPath } from '@/features/activities/api/participants';
import { BookingHistoryDialog } from '@/features/activities/components/BookingHistory';
import { BundleFields, bundleInput, bundleValues, type BundleValues } from '@/features/activities/components/Bundles';
import { CheckInForm } from '@/features/activities/components/CheckInForm';
import { emptySeries, SeriesEditor, sessionInput } from '@/features/activities/components/SeriesEditor';
import { useActivityContext } from '@/features/activities/routes/ActivityLayoutRoute';
import { can } from '@/lib/authorization';
import { formatSessionWhen } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';

function tomorrow(): string {
  return new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** Bundle routes open only for a bundle activity; otherwise the user goes back one page (spec §2). */
function useBundleActivityOnly(): boolean {
  const navigate = useNavigate();
  const { activity } = useActivityContext();
  const bundle = activity.type === 'bundle';
  useEffect(() => {
    if (!bundle) void navigate(-1);
  }, [bundle, navigate]);
  return bundle;
}

/** The parts of a bundle's page the spec gives their own address (§2). */
type BundlePart = 'details' | 'sessions' | 'participants' | 'waitlist';

/**
 * One bundle: its fields (save, delete with confirmation), its sessions (and new ones),
 * its participants with their check-ins and its waiting list in arrival order, each
 * booking's history (who did what when).
 */
export function BundleRoute() {
  return <BundlePage part="details" />;
}

/** …/bundles/:bundleId/sessions and /sessions/:sessionId (that session marked). */
export function BundleSessionsRoute() {
  return <BundlePage part="sessions" />;
}

/** …/bundles/:bundleId/participants. */
export function BundleParticipantsRoute() {
  return <BundlePage part="participants" />;
}

/** …/bundles/:bundleId/waitlist. */
export function BundleWaitlistRoute() {
  return <BundlePage part="waitlist" />;
}

/** The bundle page is the frame of its parts: the name, the parts as tabs, then the part asked for. */
function BundlePage({ part }: { part: BundlePart }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { activity, base } = useActivityContext();
  const { bundleId = '', sessionId } = useParams();
  const allowed = useBundleActivityOnly();
  const bundle = useBundle(bundleId);
  const sessions = useBundleSessions(bundleId);
  const participants = useBundleParticipants(bundleId);
  const update = useUpdateBundle(bundleId);
  const remove = useDeleteBundle(bundleId);
  const createSessions = useCreateBundleSessions(bundleId);
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-activity'));
  const [deleting, setDeleting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [history, setHistory] = useState<{ id: string; name: string } | null>(null);
  if (!allowed) return null;
  if (bundle.isPending) return <Skeleton lines={6} />;
  if (!bundle.data) return <EmptyState message={t('activities.bundles.notFound')} />;
  const b = bundle.data;
  const historyButton = (p: { booking_id: string; first_name: string; last_name: string }) => {
    const name = `${p.first_name} ${p.last_name}`.trim();
    return (
      <button
        type="button"
        className="button button--ghost"
        aria-label={t('activities.participants.historyOf', { name })}
        onClick={() => setHistory({ id: p.booking_id, name })}
      >
        {t('activities.participants.history')}
      </button>
    );
  };
  const bundleBase = `${base}/bundles/${bundleId}`;
  const waitingCount = participants.data?.waiting_list.length ?? 0;
  return (
    <>
      <PageHeader level={2} title={b.name} actions={<HistoryLink entityType="bundle" entityId={bundleId} />} />
      <Tabs
        label={t('activities.bundles.parts')}
        tabs={[
          { to: bundleBase, label: t('activities.bundles.tabs.details'), end: true },
          { to: `${bundleBase}/sessions`, label: t('activities.bundles.tabs.sessions') },
          { to: `${bundleBase}/participants`, label: t('activities.bundles.tabs.participants'), end: true },
          { to: `${bundleBase}/waitlist`, label: t('activities.bundles.tabs.waitlist'), end: true },
        ]}
      />
      {part === 'details' && (
      <section className="panel" aria-label={t('activities.bundles.tabs.details')}>
        <p>
          <Link className="button" to={`${base}/bundles/${bundleId}/qr-checkin`}>
            {t('activities.participants.checkIn')}
          </Link>
        </p>
        <Form<BundleValues>
          initialValues={bundleValues(b)}
          enableReinitialize
          onSubmit={async (values) => {
            await update.mutateAsync(bundleInput(values, b.version));
            notifySaved(t('common.saved'));
          }}
        >
          <BundleFields />
          <FormErrorSummary />
          {mayEdit && (
            <FormActions>
              <SubmitButton>{t('common.save')}</SubmitButton>
              <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
                {t('activities.bundles.delete')}
              </button>
            </FormActions>
          )}
        </Form>
      </section>
      )}
      {part === 'sessions' && (
      <section className="panel" aria-labelledby="bundle-sessions">
        <h2 id="bundle-sessions">{t('activities.bundles.sessions', { count: sessions.data?.length ?? 0 })}</h2>
        {sessions.data && sessions.data.length > 0 && (
          <ul data-testid="bundle-sessions">
            {sessions.data.map((s) => (
              <li key={s.id}>
                <Link to={`${bundleBase}/sessions/${s.id}`} aria-current={s.id === sessionId ? 'page' : undefined}>
                  {formatSessionWhen(s.date, s.start_time, s.end_time, currentLanguage())}
                </Link>
                {s.id === sessionId && (
                  <>
                    {' · '}
                    <Link to={`${base}/sessions/${s.id}`}>{t('activities.bundles.openSession')}</Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {mayEdit && !adding && (
          <button type="button" className="button" onClick={() => setAdding(true)}>
            {t('activities.sessions.new')}
          </button>
        )}
        {adding && (
          <SeriesEditor
            activityId={activity.id}
            initial={emptySeries(b.start_date || tomorrow())}
            repetition
            submitLabel={t('common.save')}
            extra={
              <button type="button" className="button" onClick={() => setAdding(false)}>
                {t('common.cancel')}
              </button>
            }
            onSubmit={async (values) => {
              await createSessions.mutateAsync(sessionInput(values));
              notifySaved(t('common.saved'));
              setAdding(false);
            }}
          />
        )}
        {sessionId && sessions.data && !sessions.data.some((s) => s.id === sessionId) && (
          <p role="alert" className="field__error">
            {t('activities.bundles.sessionNotInBundle')}
          </p>
        )}
      </section>
      )}
      {part === 'participants' && (
      <section className="panel participants" aria-labelledby="bundle-participants">
        <h2 id="bundle-participants">{t('activities.participants.title')}</h2>
        {participants.data && (
          <>
            <p data-testid="participants-counts">
              {t('activities.participants.counts', { taken: participants.data.taken, spots: participants.data.spots, left: participants.data.left })}
            </p>
            <ul data-testid="participants">
              {participants.data.participants.map((p) => (
                <li key={p.booking_id}>
                  <CustomerLink customerId={p.customer_id}>
                    {p.first_name} {p.last_name}
                  </CustomerLink>{' '}
                  · {t('activities.bundles.checkIns', { count: Object.keys(p.checked_in).length })}{' '}
                  {historyButton(p)}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      )}
      {part === 'waitlist' && (
      <section className="panel participants" aria-labelledby="bundle-waitlist">
        <h2 id="bundle-waitlist">{t('activities.participants.waitingList', { count: waitingCount })}</h2>
        {participants.data && (
          <>
            {participants.data.waiting_list.length > 0 && (
              <ol data-testid="waiting-list">
                {participants.data.waiting_list.map((p) => (
                  <li key={p.booking_id}>
                    <CustomerLink customerId={p.customer_id}>
                      {p.first_name} {p.last_name}
                    </CustomerLink>{' '}
                    {historyButton(p)}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </section>
      )}
      <BookingHistoryDialog
        name={history?.name ?? ''}
        path={history ? bundleHistoryPath(bundleId, history.id) : null}
        onClose={() => setHistory(null)}
      />
      <ConfirmDialog
        open={deleting}
        title={t('activities.bundles.delete')}
        body={t('activities.bundles.deleteBody', { name: b.name })}
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => void navigate(`${base}/bundles`),
            onSettled: () => setDeleting(false),
          })
        }
      />
    </>
  );
}

/** The door of a bundle: choose today's session of the bundle, then scan or type codes. */
export function BundleQrCheckInRoute() {
  const { t } = useTranslation();
  const { base } = useActivityContext();
  const { bundleId = '' } = useParams();
  const allowed = useBundleActivityOnly();
  const sessions = useBundleSessions(bundleId);
  const checkIn = useBundleCheckIn(bundleId);
  const [chosen, setChosen] = useState('');
  // The moment the door opened: today's (or the next) session is the default.
  const [now] = useState(() => Date.now());
  if (!allowed) return null;
  if (sessions.isPending) return <Skeleton lines={3} />;
  const list = sessions.data ?? [];
  const next = list.find((s) => new Date(s.ends_at).getTime() > now) ?? list[list.length - 1];
  const sessionId = chosen || next?.id || '';
  return (
    <section className="panel check-in" aria-labelledby="check-in-title">
      <h2 id="check-in-title">{t('activities.checkIn.title')}</h2>
      <label className="field">
        <span>{t('activities.bundles.session')}</span>
        <select value={sessionId} onChange={(event) => setChosen(event.target.value)}>
          {list.map((s) => (
            <option key={s.id} value={s.id}>
              {formatSessionWhen(s.date, s.start_time, s.end_time, currentLanguage())}
            </option>
          ))}
        </select>
      </label>
      <CheckInForm disabled={!sessionId} onCheckIn={(code) => checkIn.mutateAsync({ sessionId, code })} />
      <p>
        <Link to={`${base}/bundles/${bundleId}`}>{t('activities.bundles.back')}</Link>
      </p>
    </section>
  );
}
