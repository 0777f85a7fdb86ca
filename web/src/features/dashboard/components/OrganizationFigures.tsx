import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/EmptyState';
import { Link } from 'react-router';
import { BarChart } from '@/components/chart/BarChart';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Skeleton } from '@/components/ui/Skeleton';
import { useOrganizationFigures } from '@/features/dashboard/api/organizationFigures';
import '@/features/dashboard/i18n';

interface Props {
  organizationId: string;
  /** Whether the user may see the organisation's activities (the figures' permission). */
  enabled: boolean;
}

/**
 * The organisation's figures: occupancy and waiting lists of the week ahead, no-shows,
 * bookings and cancellations per day, the upcoming sessions and the latest bookings.
 */
export function OrganizationFigures({ organizationId, enabled }: Props) {
  const { t, i18n } = useTranslation();
  const figures = useOrganizationFigures(organizationId, enabled);
  if (!enabled) return null;
  if (figures.isPending) return <Skeleton lines={6} />;
  const data = figures.data;
  if (!data)
    return (
      <div role="alert">
        <LoadFailed title={t('figures.failed')} onRetry={() => void figures.refetch()} />
      </div>
    );
  const zone = data.time_zone;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: zone }).format(
      new Date(iso),
    );
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const first = data.days[0]?.date ?? '';
  const last = data.days[data.days.length - 1]?.date ?? '';
  const period = { from: first && dayLabel(first), to: last && dayLabel(last) };
  const session = (activityId: string, sessionId: string) =>
    `/organizations/${encodeURIComponent(organizationId)}/activities/${encodeURIComponent(activityId)}/sessions/${encodeURIComponent(sessionId)}`;
  return (
    <div className="figures" data-testid="organization-figures">
      <h2>{t('figures.weekAhead')}</h2>
      <dl className="overview__totals">
        <div>
          <dt>{t('figures.sessions')}</dt>
          <dd>{data.occupancy.sessions}</dd>
        </div>
        <div>
          <dt>{t('figures.occupancy')}</dt>
          <dd data-testid="figures-occupancy">
            {t('figures.occupancyValue', { percent: data.occupancy.percent, taken: data.occupancy.taken, spots: data.occupancy.spots })}
          </dd>
        </div>
        <div>
          <dt>{t('figures.waiting')}</dt>
          <dd>{data.occupancy.waiting}</dd>
        </div>
        <div>
          <dt>{t('figures.noShows')}</dt>
          <dd>
            {t('figures.noShowsValue', {
              percent: data.no_shows.percent,
              absent: data.no_shows.absent,
              marked: data.no_shows.absent + data.no_shows.present,
            })}
          </dd>
        </div>
      </dl>
      <h3>{t('figures.upcoming')}</h3>
      {data.upcoming.length === 0 ? (
        <EmptyState message={t('figures.noUpcoming')} />
      ) : (
        <table className="table" data-testid="figures-upcoming">
          <thead>
            <tr>
              <th scope="col">{t('figures.when')}</th>
              <th scope="col">{t('figures.activity')}</th>
              <th scope="col">{t('figures.taken')}</th>
              <th scope="col">{t('figures.waiting')}</th>
            </tr>
          </thead>
          <tbody>
            {data.upcoming.map((s) => (
              <tr key={s.session_id}>
                <td>
                  <Link to={session(s.activity_id, s.session_id)}>{when(s.starts_at)}</Link>
                </td>
                <td>{s.activity_name}</td>
                <td>
                  {s.taken} / {s.spots}
                </td>
                <td>{s.waiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="overview__charts">
        <BarChart
          title={t('figures.bookingsPerDay', period)}
          data={data.days.map((d) => ({ label: dayLabel(d.date), value: d.bookings }))}
          emptyMessage={t('figures.noData')}
        />
        <BarChart
          title={t('figures.cancellationsPerDay', period)}
          data={data.days.map((d) => ({ label: dayLabel(d.date), value: d.cancellations }))}
          emptyMessage={t('figures.noData')}
        />
      </div>
      <h3>{t('figures.recent')}</h3>
      {data.recent_bookings.length === 0 ? (
        <EmptyState message={t('figures.noRecent')} />
      ) : (
        <ul data-testid="figures-recent">
          {data.recent_bookings.map((b) => (
            <li key={b.booking_id}>
              {b.first_name} {b.last_name} · {b.activity_name} · {when(b.starts_at)} · {t(`figures.status.${b.status}`, { defaultValue: b.status })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
