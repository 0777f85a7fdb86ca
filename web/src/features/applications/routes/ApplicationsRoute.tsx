import { useTranslation } from 'react-i18next';

/** Placeholder for admin.applications, the target of the user menu's Admin item. */
export function ApplicationsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('admin.applications')}</h1>
      <p>{t('admin.applicationsIntro')}</p>
    </>
  );
}
