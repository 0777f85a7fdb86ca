import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/page/Tabs';
import '@/features/wallets/i18n';

/** Settings, Coupons, Redeemed, Statistics and (with redeem-coupons, which the customer calls need) Customers. */
export function WalletTabs({ base, name, customers }: { base: string; name: string; customers: boolean }) {
  const { t } = useTranslation();
  const tabs = [
    { to: base, label: 'settings' },
    { to: `${base}/coupons`, label: 'coupons' },
    { to: `${base}/coupons/redeemed`, label: 'redeemed' },
    { to: `${base}/statistics`, label: 'statistics' },
    { to: `${base}/customers`, label: 'customers' },
  ].filter((tab) => customers || tab.label !== 'customers');
  return <Tabs label={name} tabs={tabs.map((tab) => ({ to: tab.to, label: t(`wallets.tabs.${tab.label}`), end: true }))} />;
}
