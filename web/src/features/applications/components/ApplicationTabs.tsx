import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/page/Tabs';

/** The edit screen, its map settings, its search filters and its invites are tabs of one application. */
export function ApplicationTabs({ id }: { id: string }) {
  const { t } = useTranslation();
  const base = `/admin/applications/${encodeURIComponent(id)}`;
  return (
    <Tabs
      label={t('applications.tabsLabel')}
      tabs={[
        { to: base, label: t('applications.tabs.edit'), end: true },
        { to: `${base}/mapbox-settigns`, label: t('applications.tabs.mapbox') },
        { to: `${base}/filters`, label: t('applications.tabs.filters') },
        { to: `${base}/invites`, label: t('applications.tabs.invites') },
      ]}
    />
  );
}
