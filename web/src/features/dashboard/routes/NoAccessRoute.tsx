import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { useAuthStore } from '@/stores/auth';

/** A signed-in user without a back-office role: customers (consumer-app users) are told where they belong. */
export function NoAccessRoute() {
  const { t } = useTranslation();
  const customerOnly = useAuthStore((state) => {
    const roles = state.profile?.roles ?? [];
    return roles.length > 0 && roles.every((role) => role === 'customer');
  });
  return (
    <>
      <PageHeader title={t('forbidden.title')} />
      {/* On the surface colour: a link on the page's grey misses 4.5:1 (web-023). */}
      <section className="panel">
        <p>{t(customerOnly ? 'dashboard.customerOnly' : 'dashboard.noAccess')}</p>
        <Link to="/logout">{t('shell.logout')}</Link>
      </section>
    </>
  );
}
