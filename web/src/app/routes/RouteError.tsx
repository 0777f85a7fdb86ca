import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundRoute } from '@/app/routes/NotFoundRoute';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return (
    <main className="page" role="alert">
      <p>{t('errors.screenFailed')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </main>
  );
}
