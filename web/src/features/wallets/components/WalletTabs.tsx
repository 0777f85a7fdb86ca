import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/page/Tabs';
import { walletTabPaths } from '@/features/wallets/wallet-format';
import '@/features/wallets/i18n';

/**
 * Settings, Coupons, Redeemed, Statistics and (with redeem-coupons, which the customer
 * calls need) Customers; in the application area Statistics comes first, at the wallet's
 * own address (decision 1503).
 */
export function WalletTabs({ list, id, name, customers }: { list: string; id: string; name: string; customers: boolean }) {
  const { t } = useTranslation();
  const paths = walletTabPaths(list, id);
  const order = paths.statisticsFirst
    ? (['statistics', 'settings', 'coupons', 'redeemed', 'customers'] as const)
    : (['settings', 'coupons', 'redeemed', 'statistics', 'customers'] as const);
  const tabs = order.filter((tab) => customers || tab !== 'customers');
  return <Tabs label={name} tabs={tabs.map((tab) => ({ to: paths[tab], label: t(`wallets.tabs.${tab}`), end: true }))} />;
}
