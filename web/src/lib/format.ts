import type { Language } from '@/lib/i18n';

const LOCALES: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB' };

/** Weeks start on Monday; these are the weekday keys the API and forms use. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** Monday-based index (monday 0 … sunday 6) of a date's weekday. */
export function weekdayIndex(date: Date): number {
  return (date.getDay() + 6) % 7;
}

export function startOfWeek(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  start.setDate(start.getDate() - weekdayIndex(start));
  return start;
}

/** The default date format: weekday day month, e.g. "maandag 3 maart". */
export function formatDate(value: Date | string, language: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long' }).format(date);
}

/** Day and time, e.g. "3 mrt 2026, 14:05". */
export function formatDateTime(value: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/** Cents as a decimal string with exactly two decimals, without going through floats. */
export function centsToDecimalString(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a whole number, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = Math.trunc(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/**
 * A typed amount in euros ("12,50", "12.5", "€ 3") as whole cents, without going
 * through floats; null when it is not an amount with at most two decimals.
 */
export function decimalToCents(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[€\s]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Money in cents shown in euros with two decimals in the user's language. */
export function formatMoney(cents: number, language: Language): string {
  const formatter = new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // Intl accepts decimal strings, so large amounts keep every cent exact.
  return formatter.format(centsToDecimalString(cents) as unknown as number);
}

/** File sizes in bytes, KiB or MiB, the latter two with two decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;
}

/** Uploaded files are stored under 'uploads/'; people see the bare name. */
export function displayFileName(filename: string): string {
  return filename.replace(/^uploads\//, '');
}

/** Whole numbers with the language's grouping, e.g. "1.234" in nl and "1,234" in en. */
export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 }).format(value);
}
