import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';

const LINKS = [
  { to: '/admin/applications', label: 'admin.applications' },
  { to: '/admin/sports', label: 'admin.sports' },
  { to: '/admin/location-types', label: 'admin.locationTypes' },
  { to: '/admin/product-types', label: 'admin.productTypes' },
  { to: '/admin/wallets', label: 'admin.wallets' },
  { to: '/admin/categories', label: 'admin.categories' },
  { to: '/admin/tags', label: 'admin.tags' },
  { to: '/admin/labels', label: 'admin.labels' },
] as const;

export function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="admin-layout">
      <nav className="side-nav" aria-label={t('shell.adminNavigation')}>
        {LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} className="side-nav__link">
            {t(link.label)}
          </NavLink>
        ))}
      </nav>
      <main className="page">
        <Outlet />
      </main>
    </div>
  );
}
