import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { overviewPath } from '@/lib/authorization';
import { permissionName } from '@/lib/permission-names';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

/** The "why denied?" screen asking about this permission, here (decision 1500). */
function whyDeniedPath(ability: string, organizationId: string | undefined): string {
  const query = new URLSearchParams({ permission: ability });
  if (organizationId) query.set('organization_id', organizationId);
  return `/why-denied?${query.toString()}`;
}

/**
 * A route the user may not open: says why (the role or permission it needs, and that an
 * administrator grants it) and offers their own home, inside the page frame.
 */
export function Forbidden({ need }: { need: { role: string } | { ability: string } }) {
  const { t } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const organizationId = useContextStore((state) => state.organizationId);
  // On an organisation's page the permission is checked in that organisation.
  const { organizationId: pageOrganization, organization_id: pageOrganizationId } = useParams();
  const reason =
    'role' in need
      ? t('forbidden.needsRole', { role: t(`forbidden.roles.${need.role}`, { defaultValue: need.role }) })
      : t('forbidden.needsPermission', { permission: permissionName(t, need.ability) });
  return (
    <section className="forbidden" role="alert" aria-labelledby="forbidden-title" data-testid="forbidden">
      <h1 id="forbidden-title">{t('forbidden.title')}</h1>
      <p>{reason}</p>
      <p>{t('forbidden.ask')}</p>
      {'ability' in need && (
        <p>
          <Link to={whyDeniedPath(need.ability, pageOrganization ?? pageOrganizationId)}>{t('forbidden.whyDenied')}</Link>
        </p>
      )}
      <Link className="button button--primary" to={overviewPath(profile, organizationId)}>
        {t('forbidden.home')}
      </Link>
    </section>
  );
}
