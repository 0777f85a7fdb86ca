import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/page/Tabs';
import '@/features/products/i18n';

/** Details, Location, Questions, Labels, Purchases. */
export function ProductTabs({ base, name }: { base: string; name: string }) {
  const { t } = useTranslation();
  const tabs = ['details', 'location', 'questions', 'labels', 'purchases'];
  return (
    <Tabs label={name} tabs={tabs.map((tab) => ({ to: tab === 'details' ? base : `${base}/${tab}`, label: t(`products.tabs.${tab}`), end: true }))} />
  );
}
