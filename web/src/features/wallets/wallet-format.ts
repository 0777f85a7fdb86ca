import type { CouponBatch } from '@/features/wallets/api/types';
import type { Language } from '@/lib/i18n';

const LOCALES: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB' };

/** A slug suggested from a name: lower-case ASCII letters and digits joined by single dashes. */
export function slugify(name: string, max = 64): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}

/** The area the wallet screens were opened in: the superadmin's or the application's. */
export function walletsBase(pathname: string): string {
  return pathname.startsWith('/admin/') || pathname === '/admin' ? '/admin/wallets' : '/application/wallets';
}

/**
 * A wallet's tab addresses. The application area opens a wallet on its statistics, as
 * the spec's `/application/wallets/{wallet_id} (statistics)` says (decision 1503), with
 * Settings at `…/settings`; the superadmin's area opens it on Settings.
 */
export function walletTabPaths(list: string, id: string) {
  const base = `${list}/${id}`;
  const application = list === '/application/wallets';
  return {
    statisticsFirst: application,
    settings: application ? `${base}/settings` : base,
    statistics: application ? base : `${base}/statistics`,
    coupons: `${base}/coupons`,
    redeemed: `${base}/coupons/redeemed`,
    customers: `${base}/customers`,
  };
}

export function formatMoves(moves: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language]).format(moves);
}

export function formatDay(value: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium' }).format(new Date(value));
}

/** A date input's YYYY-MM-DD as the last second of that local day, in RFC 3339. */
export function endOfLocalDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 23, 59, 59).toISOString();
}

/** How a batch is named on screen: its affixes around the random part, and its value. */
export function batchLabel(batch: Pick<CouponBatch, 'prefix' | 'suffix' | 'value_moves' | 'id'>): string {
  const pattern = [batch.prefix, '…', batch.suffix].filter(Boolean).join('-');
  return `${pattern === '…' ? batch.id.slice(0, 8) : pattern} (${batch.value_moves})`;
}

/** What a code of the batch looks like (PREFIX-XXXXXXXXXXXX-SUFFIX). */
export function exampleCode(prefix: string, suffix: string): string {
  return [prefix, 'XXXXXXXXXXXX', suffix].filter(Boolean).join('-');
}

/** A history event's translation key: "coupon.redeemed.v1" and "redeemed" both become "redeemed". */
export function eventKey(event: string): string {
  const bare = event.replace(/\.v\d+$/, '');
  if (bare.startsWith('coupon_batch.')) return `batch_${bare.slice('coupon_batch.'.length)}`;
  return bare.replace(/^(coupon|wallet)\./, '');
}
