import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NoAccessRoute() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <p>{t('dashboard.noAccess')}</p>
      <Link to="/logout">{t('shell.logout')}</Link>
    </main>
  );
}
