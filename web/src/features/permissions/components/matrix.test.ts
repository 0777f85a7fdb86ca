import { cellState, coveredBy, unknownRules, wildcardRules } from '@/features/permissions/components/matrix';
import type { PermissionMatrix } from '@/features/permissions/api/permissions';

const matrix: PermissionMatrix = {
  roles: ['superadmin', 'admin', 'trainer'],
  permissions: ['view-rates', 'manage-rates', 'view-bundle'],
  matrix: { superadmin: ['*'], admin: ['view-*', 'view-rates', 'old-thing'], trainer: ['view-bundle'] },
};

describe('the permission matrix', () => {
  it('tells a rule by name from a wildcard that covers the cell', () => {
    expect(cellState(matrix, 'admin', 'view-rates')).toEqual({ exact: true, via: ['view-*'] });
    expect(cellState(matrix, 'admin', 'manage-rates')).toEqual({ exact: false, via: [] });
    expect(cellState(matrix, 'superadmin', 'manage-rates')).toEqual({ exact: false, via: ['*'] });
    expect(cellState(matrix, 'trainer', 'view-rates')).toEqual({ exact: false, via: [] });
  });

  it('lists the wildcard rules, the unknown ones and what a pattern covers', () => {
    expect(wildcardRules(matrix)).toEqual([
      { role: 'superadmin', rule: '*' },
      { role: 'admin', rule: 'view-*' },
    ]);
    expect(unknownRules(matrix)).toEqual([{ role: 'admin', rule: 'old-thing' }]);
    expect(coveredBy(matrix, 'view-*')).toEqual(['view-rates', 'view-bundle']);
  });
});
