import type { TFunction } from 'i18next';

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Plain checks instead of yup, so the login screen's chunk stays small. */
export function requiredText(t: TFunction, value: string, field: string): string | undefined {
  return value.trim() ? undefined : t('errors.required', { field: field.toLowerCase() });
}

export function emailProblem(t: TFunction, value: string, field: string): string | undefined {
  return requiredText(t, value, field) ?? (EMAIL.test(value.trim()) ? undefined : t('errors.email', { field: field.toLowerCase() }));
}

export function passwordProblem(t: TFunction, value: string, field: string): string | undefined {
  return (
    requiredText(t, value, field) ??
    (value.length >= MIN_PASSWORD_LENGTH ? undefined : t('errors.minLength', { field: field.toLowerCase(), length: MIN_PASSWORD_LENGTH }))
  );
}

/** Drops undefined entries so formik sees a valid form as {}. */
export function onlyProblems<Values>(problems: Partial<Record<keyof Values, string | undefined>>) {
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as Partial<Record<keyof Values, string>>;
}

/** Only same-site paths, never back to login or logout. */
export function safeRedirect(redirect: string | null): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return null;
  if (/^\/(login|logout)(\/|\?|$)/.test(redirect)) return null;
  return redirect;
}
