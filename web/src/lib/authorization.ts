import type { Profile } from '@/stores/auth';

export const SUPERADMIN = 'superadmin';

/** Whether a permission pattern ("view-*", "*" or a name) covers an ability, as the server's keyMatch. */
export function permissionMatches(pattern: string, ability: string): boolean {
  if (!pattern.includes('*')) return pattern === ability;
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(ability);
}

/** A superadmin passes every role check. */
export function hasRole(profile: Profile | null, role: string): boolean {
  if (!profile) return false;
  return profile.roles.includes(SUPERADMIN) || profile.roles.includes(role);
}

/** Abilities may be wildcard patterns ("view-*"); a superadmin passes every check. */
export function can(profile: Profile | null, ability: string): boolean {
  if (!profile) return false;
  if (profile.roles.includes(SUPERADMIN)) return true;
  return profile.abilities.some((pattern) => permissionMatches(pattern, ability));
}

/** Where "the overview" is for this user: the application, else their organisation. */
export function overviewPath(profile: Profile | null, organizationId: string | null): string {
  if (can(profile, 'view-application')) return '/application';
  const organization = organizationId ?? profile?.organizations[0]?.id;
  if (organization) return `/organizations/${organization}`;
  return '/no-access';
}
