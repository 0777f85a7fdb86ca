import type { PermissionMatrix } from '@/features/permissions/api/permissions';
import { permissionMatches } from '@/lib/authorization';

/** One cell of the matrix: the role holds the permission by name, and/or through wildcard rules. */
export interface CellState {
  exact: boolean;
  /** The role's wildcard rules that cover the permission ("view-*", "*"). */
  via: string[];
}

export const isWildcard = (rule: string) => rule.includes('*');

export function cellState(matrix: PermissionMatrix, role: string, permission: string): CellState {
  const rules = matrix.matrix[role] ?? [];
  return {
    exact: rules.includes(permission),
    via: rules.filter((rule) => isWildcard(rule) && permissionMatches(rule, permission)),
  };
}

/** Every wildcard rule of the matrix, by role in the matrix's order. */
export function wildcardRules(matrix: PermissionMatrix): { role: string; rule: string }[] {
  return matrix.roles.flatMap((role) => (matrix.matrix[role] ?? []).filter(isWildcard).map((rule) => ({ role, rule })));
}

/** Rules of the matrix that name no permission the product checks and are no wildcard (left from an older release). */
export function unknownRules(matrix: PermissionMatrix): { role: string; rule: string }[] {
  return matrix.roles.flatMap((role) =>
    (matrix.matrix[role] ?? []).filter((rule) => !isWildcard(rule) && !matrix.permissions.includes(rule)).map((rule) => ({ role, rule })),
  );
}

/** The permissions a wildcard pattern covers now (for the confirmation of a pattern's grant or revoke). */
export function coveredBy(matrix: PermissionMatrix, pattern: string): string[] {
  return matrix.permissions.filter((permission) => permissionMatches(pattern, permission));
}
