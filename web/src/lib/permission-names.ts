import type { TFunction } from 'i18next';

/**
 * A permission in the user's words ("Tarieven bekijken" for `view-rates`): screens that
 * say which permission is missing never show the raw id. Every permission the server
 * checks (`authz.Permissions`) has a phrase in both locales (`authz` test
 * `TestEveryPermissionHasAPhraseInBothLocales`); an unknown one falls back to its id.
 */
export function permissionName(t: TFunction, permission: string): string {
  return t(`forbidden.permissions.${permission}`, { defaultValue: permission });
}
