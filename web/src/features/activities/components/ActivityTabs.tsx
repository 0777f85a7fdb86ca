import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/page/Tabs';
import '@/features/activities/i18n';

/** Details, Location, Sessions, Questions, Settings, Labels; Bundles only for a bundle activity. */
export function ActivityTabs({ base, name, bundle }: { base: string; name: string; bundle: boolean }) {
  const { t } = useTranslation();
  const tabs = ['details', 'location', 'sessions', 'questions', 'settings', 'labels', ...(bundle ? ['bundles'] : [])];
  return (
    <Tabs
      label={name}
      tabs={tabs.map((tab) => ({ to: tab === 'details' ? base : `${base}/${tab}`, label: t(`activities.tabs.${tab}`), end: true }))}
    />
  );
}
