import { useTranslation } from 'react-i18next';

/** Placeholder until the application statistics screen lands. */
export function ApplicationOverviewRoute() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <h1>{t('dashboard.application')}</h1>
    </main>
  );
}
