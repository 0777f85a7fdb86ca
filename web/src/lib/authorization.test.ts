import { can, hasRole, overviewPath } from '@/lib/authorization';
import type { Profile } from '@/stores/auth';

const profile = (roles: string[], abilities: string[] = [], organizations = [{ id: 'o1', name: 'Club' }]): Profile => ({
  roles,
  abilities,
  organizations,
});

describe('authorization', () => {
  it.each([
    ['exact ability', profile(['admin'], ['view-application']), 'view-application', true],
    ['missing ability', profile(['admin'], ['view-organizations']), 'view-application', false],
    ['wildcard suffix', profile(['admin'], ['view-*']), 'view-products', true],
    ['wildcard does not cross verbs', profile(['admin'], ['view-*']), 'edit-product', false],
    ['star allows all', profile(['admin'], ['*']), 'edit-product', true],
    ['superadmin passes all', profile(['superadmin']), 'create-campaigns', true],
    ['dots are literal', profile(['admin'], ['view.x']), 'viewax', false],
  ])('%s', (_name, who, ability, want) => {
    expect(can(who, ability)).toBe(want);
  });

  it('no profile passes nothing', () => {
    expect(can(null, 'view-application')).toBe(false);
    expect(hasRole(null, 'admin')).toBe(false);
  });

  it('superadmin holds every role', () => {
    expect(hasRole(profile(['superadmin']), 'admin')).toBe(true);
    expect(hasRole(profile(['organization']), 'superadmin')).toBe(false);
  });

  it('overview is the application, else the organisation', () => {
    expect(overviewPath(profile(['superadmin']), null)).toBe('/application');
    expect(overviewPath(profile(['organization']), 'o9')).toBe('/organizations/o9');
    expect(overviewPath(profile(['organization']), null)).toBe('/organizations/o1');
    expect(overviewPath(profile(['organization'], [], []), null)).toBe('/no-access');
  });
});
