import type { TFunction } from 'i18next';
import { i18n } from '@/lib/i18n';

/**
 * A permission in the user's words ("Tarieven bekijken" for `view-rates`): screens that
 * say which permission is missing never show the raw id. Every permission the server
 * checks (`authz.Permissions`) has a phrase in both locales (`authz` test
 * `TestEveryPermissionHasAPhraseInBothLocales`); an unknown one falls back to its id.
 */
export function permissionName(t: TFunction, permission: string): string {
  return t(`forbidden.permissions.${permission}`, { defaultValue: permission });
}

/**
 * A rule of the permission matrix in words: a permission's phrase, "elk recht" for `*`,
 * "alles bekijken" for `view-*` (the verbs the product's ids start with), else the
 * pattern named as one ("elk recht dat past op het patroon x-*").
 */
export function ruleName(t: TFunction, rule: string): string {
  if (!rule.includes('*')) return permissionName(t, rule);
  if (rule === '*') return t('forbidden.anyPermission');
  const pattern = t('forbidden.permissionPattern', { pattern: rule });
  const verb = /^([a-z]+)-\*$/.exec(rule)?.[1];
  return verb ? t(`forbidden.permissionGroups.${verb}`, { defaultValue: pattern }) : pattern;
}

/**
 * Every permission the SPA has words for (the same set as the server's, by the test
 * above), sorted by its phrase: what a user who may not read the matrix chooses from.
 */
export function knownPermissions(t: TFunction): string[] {
  const phrases = (i18n.getResource(i18n.resolvedLanguage ?? 'nl', 'translation', 'forbidden.permissions') ??
    i18n.getResource('nl', 'translation', 'forbidden.permissions') ??
    {}) as Record<string, string>;
  return sortByName(t, Object.keys(phrases));
}

/** Permissions sorted by their phrase in the user's language. */
export function sortByName(t: TFunction, permissions: string[]): string[] {
  return [...permissions].sort((a, b) => permissionName(t, a).localeCompare(permissionName(t, b)));
}
