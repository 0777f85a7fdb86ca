import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuthStore } from '@/stores/auth';

/** Placeholder until the organisation dashboard lands. */
export function OrganizationDashboardRoute() {
  const { t } = useTranslation();
  const { organizationId } = useParams();
  const name = useAuthStore((state) => state.profile?.organizations.find((o) => o.id === organizationId)?.name);
  return (
    <main className="page">
      <h1>{t('dashboard.organization')}</h1>
      {name && <p>{name}</p>}
    </main>
  );
}
