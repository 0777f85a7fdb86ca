import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/page/Tabs';

/** Management and review are two tabs of one area. */
export function OrganizationTabs() {
  const { t } = useTranslation();
  return (
    <Tabs
      label={t('organizations.title')}
      tabs={[
        { to: '/application/organizations/management', label: t('organizations.management'), end: true },
        { to: '/application/organizations/review', label: t('organizations.review') },
      ]}
    />
  );
}
