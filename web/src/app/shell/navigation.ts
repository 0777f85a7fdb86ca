import { can, hasRole, SUPERADMIN } from '@/lib/authorization';
import type { Profile } from '@/stores/auth';

/** The three areas of the back office; each has one navigation. */
export type Area = 'admin' | 'application' | 'organization';

export interface NavItem {
  to: string;
  /** i18n key */
  label: string;
  /** Active only on this exact path (an area's home), not on its children. */
  end?: boolean;
  /** Shown only to a user who may do this (lib/authorization `can`). */
  ability?: string;
}

export function areaOf(pathname: string): Area {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  if (pathname.startsWith('/organizations/')) return 'organization';
  return 'application';
}

const ADMIN: NavItem[] = [
  { to: '/admin/applications', label: 'admin.applications' },
  { to: '/admin/sports', label: 'admin.sports' },
  { to: '/admin/location-types', label: 'admin.locationTypes' },
  { to: '/admin/product-types', label: 'admin.productTypes' },
  { to: '/admin/wallets', label: 'admin.wallets' },
  { to: '/admin/orders', label: 'admin.orders' },
  { to: '/admin/sepas', label: 'admin.sepas' },
  { to: '/admin/invoices', label: 'admin.invoices' },
  { to: '/admin/categories', label: 'admin.categories' },
  { to: '/admin/tags', label: 'admin.tags' },
  { to: '/admin/labels', label: 'admin.labels' },
  { to: '/admin/operations', label: 'admin.operations' },
  { to: '/admin/permissions', label: 'admin.permissions' },
];

const APPLICATION: NavItem[] = [
  { to: '/application', label: 'shell.nav.overview', ability: 'view-application', end: true },
  { to: '/application/organizations/management', label: 'shell.nav.organizations', ability: 'view-organizations' },
  { to: '/application/activities', label: 'shell.nav.activities', ability: 'view-activities' },
  { to: '/application/products', label: 'shell.nav.products', ability: 'view-products' },
  { to: '/application/locations', label: 'shell.nav.locations', ability: 'view-locations' },
  { to: '/application/wallets', label: 'shell.nav.wallets', ability: 'view-wallets' },
  { to: '/application/orders', label: 'shell.nav.orders', ability: 'view-application-orders' },
  { to: '/application/notifications', label: 'shell.nav.notifications', ability: 'view-notifications' },
  { to: '/application/campaigns', label: 'shell.nav.campaigns', ability: 'view-campaigns' },
  { to: '/application/themed-pages', label: 'shell.nav.themedPages', ability: 'view-themed-pages' },
  { to: '/application/categories', label: 'shell.nav.categories', ability: 'view-categories' },
  { to: '/application/tags', label: 'shell.nav.tags', ability: 'view-tags' },
  { to: '/application/labels', label: 'shell.nav.labels', ability: 'view-labels' },
  { to: '/application/invites', label: 'shell.nav.invites', ability: 'manage-invites' },
  { to: '/application/audit', label: 'shell.nav.audit', ability: 'view-audit' },
  // Superadmin only (spec §2): no default role holds manage-app-builds (decision 1200).
  { to: '/application/builds/overview', label: 'shell.nav.builds', ability: 'manage-app-builds' },
];

/**
 * The organisation area's sections. Screens for activities, locations and the like add
 * their entry here (with its ability) and on the organisation home (`ORGANIZATION_TASKS`).
 */
function organizationItems(organizationId: string): NavItem[] {
  const base = `/organizations/${encodeURIComponent(organizationId)}`;
  return [
    { to: base, label: 'shell.nav.home', end: true },
    { to: `${base}/door`, label: 'shell.nav.door', ability: 'check-in-participants' },
    { to: `${base}/activities`, label: 'shell.nav.activities', ability: 'view-activities' },
    { to: `${base}/products`, label: 'shell.nav.products', ability: 'view-products' },
    { to: `${base}/locations`, label: 'shell.nav.locations', ability: 'view-locations' },
    { to: `${base}/contacts`, label: 'shell.nav.contacts', ability: 'view-contacts' },
    { to: `${base}/rates`, label: 'shell.nav.rates', ability: 'view-rates' },
    { to: `${base}/profile`, label: 'shell.nav.profile', ability: 'edit-organization' },
  ];
}

/** The links of one area the user may open. */
export function navigationFor(area: Area, profile: Profile | null, organizationId: string | null): NavItem[] {
  const items =
    area === 'admin' ? ADMIN : area === 'application' ? APPLICATION : organizationId ? organizationItems(organizationId) : [];
  return items.filter((item) => !item.ability || can(profile, item.ability));
}

/** Links to the other areas this user may enter, shown under the area's navigation. */
export function otherAreas(area: Area, profile: Profile | null): NavItem[] {
  const links: NavItem[] = [];
  if (area !== 'application' && can(profile, 'view-application')) {
    links.push({ to: '/application', label: 'shell.areas.application' });
  }
  if (area !== 'admin' && hasRole(profile, SUPERADMIN)) links.push({ to: '/admin/applications', label: 'shell.areas.admin' });
  return links;
}
