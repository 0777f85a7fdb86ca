import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <main className="not-found">
      <p className="not-found__code">404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="button button--primary" to="/login">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
