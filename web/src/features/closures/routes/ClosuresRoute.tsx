import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { useClosures } from '@/features/closures/api/closures';
import { can } from '@/lib/authorization';
import { formatDateTime, formatDay } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth';
import '@/features/closures/i18n';

/** An organisation's closures (one location's with ?location_id=), latest first, and the way to plan one. */
export function ClosuresRoute() {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === 'en' ? 'en' : 'nl') as Language;
  const { organization_id: organizationId = '' } = useParams();
  const [search] = useSearchParams();
  const locationId = search.get('location_id') ?? '';
  const mayClose = useAuthStore((state) => can(state.profile, 'edit-activity'));
  const closures = useClosures(organizationId, locationId);
  const plan = `/organizations/${encodeURIComponent(organizationId)}/closures/plan${locationId ? `?location_id=${encodeURIComponent(locationId)}` : ''}`;
  const planLink = mayClose && (
    <Link className="button button--primary" to={plan}>
      {t('closures.plan')}
    </Link>
  );
  return (
    <>
      <PageHeader title={t('closures.title')} actions={planLink} />
      {closures.isPending ? (
        <Skeleton lines={4} />
      ) : closures.isError ? (
        <p role="alert">{t('closures.loadFailed')}</p>
      ) : closures.data.length === 0 ? (
        <EmptyState title={t('closures.empty')} message={t('closures.emptyMessage')} action={planLink || undefined} />
      ) : (
        // On a phone the table scrolls sideways: focusable, so the keyboard reaches it.
        <table className="table" data-testid="closures" aria-label={t('closures.title')} tabIndex={0}>
          <thead>
            <tr>
              <th scope="col">{t('closures.fields.days')}</th>
              <th scope="col">{t('closures.fields.scope')}</th>
              <th scope="col">{t('closures.fields.reason')}</th>
              <th scope="col">{t('closures.fields.outcome')}</th>
              <th scope="col">{t('closures.fields.plannedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {closures.data.map((closure) => (
              <tr key={closure.id}>
                <td>
                  {closure.from === closure.until
                    ? formatDay(closure.from, language)
                    : `${formatDay(closure.from, language)} – ${formatDay(closure.until, language)}`}
                </td>
                <td>{closure.location_name ?? t('closures.wholeOrganization')}</td>
                <td>{closure.reason}</td>
                <td>
                  {t('closures.outcome', {
                    closed: closure.sessions_closed,
                    planned: closure.sessions_planned,
                    bookings: closure.bookings_cancelled,
                    holders: closure.bundle_holders,
                  })}
                </td>
                <td>{formatDateTime(closure.planned_at, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
