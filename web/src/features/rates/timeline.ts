import type { TFunction } from 'i18next';
import type { Period } from '@/features/rates/api/types';

/** Minutes before a session as people say it: whole hours in hours, else minutes. */
function duration(minutes: number, t: TFunction): string {
  return minutes % 60 === 0 ? t('rates.terms.hours', { count: minutes / 60 }) : t('rates.terms.minutes', { count: minutes });
}

/**
 * A cancellation term as a timeline, one line per period in the order they apply:
 * "Until 48 h before: 100 %", "48 h–24 h before: 50 %", "Last 24 h: 0 %".
 */
export function termTimeline(periods: Period[], t: TFunction): string[] {
  return periods.map((period) => {
    const refund = period.refund_percent;
    const from = period.from_minutes;
    const until = period.until_minutes;
    if (from == null && until == null) return t('rates.terms.always', { refund });
    if (from == null) return t('rates.terms.until', { until: duration(until ?? 0, t), refund });
    if (until == null) return t('rates.terms.last', { from: duration(from, t), refund });
    return t('rates.terms.between', { from: duration(from, t), until: duration(until, t), refund });
  });
}
