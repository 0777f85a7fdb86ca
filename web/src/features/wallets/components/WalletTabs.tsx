import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import '@/features/wallets/i18n';

/** Settings, Coupons, Redeemed, Statistics and (with redeem-coupons, which the customer calls need) Customers. */
export function WalletTabs({ base, name, customers }: { base: string; name: string; customers: boolean }) {
  const { t } = useTranslation();
  const tabs = [
    { to: base, label: 'settings', end: true },
    { to: `${base}/coupons`, label: 'coupons', end: true },
    { to: `${base}/coupons/redeemed`, label: 'redeemed', end: true },
    { to: `${base}/statistics`, label: 'statistics', end: true },
    { to: `${base}/customers`, label: 'customers', end: true },
  ].filter((tab) => customers || tab.label !== 'customers');
  return (
    <nav className="tabs" aria-label={name}>
      {tabs.map((tab) => (
        <NavLink key={tab.label} end={tab.end} className="tabs__link" to={tab.to}>
          {t(`wallets.tabs.${tab.label}`)}
        </NavLink>
      ))}
    </nav>
  );
}
