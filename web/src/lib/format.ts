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

/**
 * A calendar day the API sends as "YYYY-MM-DD" (a session's date in the application's
 * zone), e.g. "dinsdag 1 december 2026": read as that day, whatever the browser's zone.
 */
export function formatDay(isoDate: string, language: Language): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** Zones our customers live in, by the name people use for them; others by the browser's words. */
const ZONE_NAMES: Record<string, Record<Language, string>> = {
  'Europe/Amsterdam': { nl: 'Nederlandse tijd', en: 'Dutch time' },
  'Europe/Brussels': { nl: 'Belgische tijd', en: 'Belgian time' },
};

/** A calendar day "YYYY-MM-DD" in short words, e.g. "di 1 dec" (agenda columns), whatever the browser's zone. */
export function formatShortDay(isoDate: string, language: Language): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALES[language], { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** A calendar day "YYYY-MM-DD" as a short date with its year, e.g. "31 jan 2027" (a series' end), whatever the browser's zone. */
export function formatShortDate(isoDate: string, language: Language): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** A session's day and times, e.g. "di 1 dec 2026 · 19:00–20:00": a session's one way of being named in lists and pickers. */
export function formatSessionWhen(isoDate: string, start: string, end: string, language: Language): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Intl.DateTimeFormat(LOCALES[language], { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
  return `${date} · ${start}–${end}`;
}

/**
 * A month the API sends as "YYYY-MM" (a payout or finance month), e.g. "maart 2026";
 * anything else is shown as it came.
 */
export function formatMonth(isoMonth: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})$/.exec(isoMonth);
  if (!match) return isoMonth;
  return new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  );
}

/** A time zone as words, e.g. "Nederlandse tijd" for Europe/Amsterdam, never the IANA id if avoidable. */
export function formatTimeZone(zone: string, language: Language): string {
  const known = ZONE_NAMES[zone]?.[language];
  if (known) return known;
  try {
    const part = new Intl.DateTimeFormat(LOCALES[language], { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((piece) => piece.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}

/** Day and time, e.g. "3 mrt 2026, 14:05". */
export function formatDateTime(value: Date | string, language: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
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
