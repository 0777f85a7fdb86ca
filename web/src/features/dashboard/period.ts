/** The overview's period: the last 7, 30 or 90 days (today included), or a chosen from–to. */
export type PeriodPreset = '7' | '30' | '90' | 'custom';
export const PERIOD_PRESETS: PeriodPreset[] = ['7', '30', '90', 'custom'];

/** The server accepts at most 366 days. */
export const MAX_PERIOD_DAYS = 366;

/** A local date as YYYY-MM-DD (not toISOString, which shifts to UTC). */
export function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** from–to of a preset ending today. */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: Date): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  from.setDate(from.getDate() - (Number(preset) - 1));
  return { from: isoDate(from), to: isoDate(today) };
}

/** Days from–to, both included; 0 when either is missing or to is before from. */
export function periodDays(from: string, to: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) return 0;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a chosen period cannot be asked for, as a translation key, or null when it can. */
export function periodProblem(from: string, to: string): string | null {
  if (!from || !to) return 'overview.errors.periodMissing';
  const days = periodDays(from, to);
  if (days === 0) return 'overview.errors.periodOrder';
  if (days > MAX_PERIOD_DAYS) return 'overview.errors.periodTooLong';
  return null;
}
