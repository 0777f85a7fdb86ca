import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/page/Tabs';
import '@/features/app-builds/i18n';

/** The app builds area's pages (spec routes: application/builds…, applications/builds/build-…). */
export function BuildsTabs() {
  const { t } = useTranslation();
  return (
    <Tabs
      label={t('appBuilds.tabsLabel')}
      tabs={[
        { to: '/application/builds/overview', label: t('appBuilds.tabs.overview') },
        { to: '/application/builds', label: t('appBuilds.tabs.settings'), end: true },
        { to: '/applications/builds/build-ios', label: t('appBuilds.tabs.ios') },
        { to: '/applications/builds/build-android', label: t('appBuilds.tabs.android') },
      ]}
    />
  );
}
