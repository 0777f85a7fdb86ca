import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';

/** The application area's sections the user may open (web-015); nothing when none. */
const LINKS = [
  { to: '/application', label: 'shell.nav.overview', ability: 'view-application', end: true },
  { to: '/application/organizations/management', label: 'shell.nav.organizations', ability: 'view-organizations', end: false },
  { to: '/application/activities', label: 'shell.nav.activities', ability: 'view-activities', end: false },
  { to: '/application/locations', label: 'shell.nav.locations', ability: 'view-locations', end: false },
  { to: '/application/wallets', label: 'shell.nav.wallets', ability: 'view-wallets', end: false },
  { to: '/application/categories', label: 'shell.nav.categories', ability: 'view-categories', end: false },
  { to: '/application/tags', label: 'shell.nav.tags', ability: 'view-tags', end: false },
  { to: '/application/labels', label: 'shell.nav.labels', ability: 'view-labels', end: false },
] as const;

export function ApplicationNav() {
  const { t } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const links = LINKS.filter((link) => can(profile, link.ability));
  if (links.length === 0) return null;
  return (
    <nav className="top-nav" aria-label={t('shell.applicationNavigation')}>
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end} className="top-nav__link">
          {t(link.label)}
        </NavLink>
      ))}
    </nav>
  );
}
