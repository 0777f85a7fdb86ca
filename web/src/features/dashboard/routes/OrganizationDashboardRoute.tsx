import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDashboardOrganization } from '@/features/dashboard/api/organization';
import { OrganizationFigures } from '@/features/dashboard/components/OrganizationFigures';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';

/** The organisation dashboard: its figures (OrganizationFigures); staff of a pending organisation see it is not approved yet. */
export function OrganizationDashboardRoute() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const profileName = useAuthStore((state) => state.profile?.organizations.find((o) => o.id === organizationId)?.name);
  const { data: organization } = useDashboardOrganization(organizationId);
  const name = organization?.name ?? profileName;
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-organization'));
  const mayViewRates = useAuthStore((state) => can(state.profile, 'view-rates'));
  const mayViewLocations = useAuthStore((state) => can(state.profile, 'view-locations'));
  const mayViewContacts = useAuthStore((state) => can(state.profile, 'view-contacts'));
  const mayViewActivities = useAuthStore((state) => can(state.profile, 'view-activities'));
  return (
    <main className="page">
      <h1>{t('dashboard.organization')}</h1>
      {organization?.state === 'pending' && (
        <p className="notice notice--warning" role="status" data-testid="not-approved">
          {t('dashboard.notApproved')}
        </p>
      )}
      {name && <p>{name}</p>}
      <OrganizationFigures organizationId={organizationId} enabled={mayViewActivities} />
      {mayEdit && organizationId && (
        <p>
          <Link to={`/organizations/${encodeURIComponent(organizationId)}/profile`}>{t('organizations.profileTitle')}</Link>
        </p>
      )}
      {mayViewLocations && organizationId && (
        <p>
          <Link to={`/organizations/${encodeURIComponent(organizationId)}/locations`}>{t('dashboard.locations')}</Link>
        </p>
      )}
      {mayViewContacts && organizationId && (
        <p>
          <Link to={`/organizations/${encodeURIComponent(organizationId)}/contacts`}>{t('dashboard.contacts')}</Link>
        </p>
      )}
      {mayViewRates && organizationId && (
        <p>
          <Link to={`/organizations/${encodeURIComponent(organizationId)}/rates`}>{t('dashboard.rates')}</Link>
        </p>
      )}
    </main>
  );
}
