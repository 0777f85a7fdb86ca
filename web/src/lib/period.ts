import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A statistics period: the last 7, 30 or 90 days (today included), or a chosen from–to. */
export type PeriodPreset = '7' | '30' | '90' | 'custom';
export const PERIOD_PRESETS: PeriodPreset[] = ['7', '30', '90', 'custom'];

/** The server accepts at most 366 days. */
export const MAX_PERIOD_DAYS = 366;

export interface PeriodRange {
  from: string;
  to: string;
}

/** Why a period cannot be asked for; each screen says it in its own words. */
export type PeriodProblem = 'missing' | 'order' | 'tooLong';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A local date as YYYY-MM-DD (not toISOString, which shifts to UTC). */
export function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** from–to of a preset ending today, both included. */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: Date): PeriodRange {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  from.setDate(from.getDate() - (Number(preset) - 1));
  return { from: isoDate(from), to: isoDate(today) };
}

/** Days from–to, both included; 0 when either is missing or to is before from. */
export function periodDays(from: string, to: string): number {
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to) || from > to) return 0;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a chosen period cannot be asked for (as the server checks it), or null when it can. */
export function periodProblem(from: string, to: string): PeriodProblem | null {
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to)) return 'missing';
  const days = periodDays(from, to);
  if (days === 0) return 'order';
  if (days > MAX_PERIOD_DAYS) return 'tooLong';
  return null;
}

/**
 * What a statistics request asks for: a preset's number of days, which the server counts back
 * from today in the application's time zone (the browser's today may be another day there), or
 * the chosen from–to.
 */
export type PeriodQuery = { days: number } | PeriodRange;

export interface Period {
  preset: PeriodPreset;
  /** The dates shown and checked; for a preset, as the browser counts them. */
  range: PeriodRange;
  /** What to ask the server for (see PeriodQuery). */
  query: PeriodQuery;
  /** Another preset; 'custom' starts from the range shown so far. */
  choose: (next: PeriodPreset) => void;
  setRange: (next: PeriodRange) => void;
}

/**
 * The period lives in the address (?period=7|30|90, or ?from=&to=), so it survives a reload;
 * 30 days when neither is given.
 */
export function usePeriod(): Period {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const custom = params.has('from') || params.has('to');
  const requested = params.get('period') as PeriodPreset | null;
  const preset: PeriodPreset = custom ? 'custom' : requested && PERIOD_PRESETS.includes(requested) ? requested : '30';
  const range = useMemo(() => (preset === 'custom' ? { from, to } : presetRange(preset, new Date())), [preset, from, to]);
  const choose = (next: PeriodPreset) => {
    if (next === 'custom') {
      const current = preset === 'custom' ? range : presetRange(preset, new Date());
      setParams({ from: current.from, to: current.to }, { replace: true });
    } else setParams({ period: next }, { replace: true });
  };
  const setRange = (next: PeriodRange) => setParams({ from: next.from, to: next.to }, { replace: true });
  const query = useMemo(() => (preset === 'custom' ? range : { days: Number(preset) }), [preset, range]);
  return { preset, range, query, choose, setRange };
}
