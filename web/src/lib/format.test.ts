import {
  centsToDecimalString,
  decimalToCents,
  displayFileName,
  formatDate,
  formatDay,
  formatMonth,
  formatSessionWhen,
  formatShortDate,
  formatShortDay,
  formatTimeZone,
  formatFileSize,
  formatMoney,
  startOfWeek,
  weekdayIndex,
} from '@/lib/format';

describe('money', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1234, '12.34'],
    [-1999, '-19.99'],
    [100, '1.00'],
    [900719925474099, '9007199254740.99'],
  ])('%i cents is %s', (cents, expected) => {
    expect(centsToDecimalString(cents)).toBe(expected);
  });

  it.each([
    ['12,50', 1250],
    ['12.5', 1250],
    ['€ 3', 300],
    ['0,05', 5],
    ['999999999.99', 99999999999],
    ['12,505', null],
    ['-1', null],
    ['1.2.3', null],
    ['', null],
  ])('%s euros is %s cents', (text, expected) => {
    expect(decimalToCents(text)).toBe(expected);
  });

  it('rejects fractions of a cent', () => {
    expect(() => centsToDecimalString(1.5)).toThrow(RangeError);
  });

  it('formats euros with two decimals per language', () => {
    expect(formatMoney(123456, 'nl').replace(/\s/g, ' ')).toBe('€ 1.234,56');
    expect(formatMoney(123456, 'en')).toBe('€1,234.56');
    expect(formatMoney(50, 'en')).toBe('€0.50');
  });
});

describe('file sizes', () => {
  it.each([
    [0, '0 bytes'],
    [1023, '1023 bytes'],
    [1024, '1.00 KiB'],
    [1536, '1.50 KiB'],
    [2 * 1024 * 1024, '2.00 MiB'],
    [1572864, '1.50 MiB'],
  ])('%i is %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('strips the uploads/ prefix', () => {
    expect(displayFileName('uploads/football.png')).toBe('football.png');
    expect(displayFileName('icons/uploads/x.png')).toBe('icons/uploads/x.png');
  });
});

describe('dates', () => {
  const tuesday = new Date(2026, 2, 3, 15, 0);

  it('shows weekday day month', () => {
    expect(formatDate(tuesday, 'nl')).toBe('dinsdag 3 maart');
    expect(formatDate(tuesday, 'en')).toBe('Tuesday 3 March');
  });

  it('names an agenda day and a session in short words, never ISO', () => {
    expect(formatShortDay('2026-12-01', 'nl')).toBe('di 1 dec');
    expect(formatShortDay('2026-12-01', 'en')).toBe('Tue 1 Dec');
    expect(formatSessionWhen('2026-12-01', '19:00', '20:00', 'nl')).toBe('di 1 dec 2026 · 19:00–20:00');
    expect(formatSessionWhen('2026-12-01', '19:00', '20:00', 'en')).toBe('Tue, 1 Dec 2026 · 19:00–20:00');
    expect(formatShortDate('2027-01-31', 'nl')).toBe('31 jan 2027');
    expect(formatShortDate('2027-01-31', 'en')).toBe('31 Jan 2027');
  });

  it('shows a payout or finance month in words, never YYYY-MM', () => {
    expect(formatMonth('2026-03', 'nl')).toBe('maart 2026');
    expect(formatMonth('2026-12', 'en')).toBe('December 2026');
    expect(formatMonth('2026-01', 'nl')).toBe('januari 2026');
    expect(formatMonth('not a month', 'nl')).toBe('not a month');
  });

  it('reads an API day as that calendar day, in words', () => {
    expect(formatDay('2026-12-01', 'nl')).toBe('dinsdag 1 december 2026');
    expect(formatDay('2026-12-01', 'en')).toBe('Tuesday, 1 December 2026');
  });

  it('names time zones in words', () => {
    expect(formatTimeZone('Europe/Amsterdam', 'nl')).toBe('Nederlandse tijd');
    expect(formatTimeZone('Europe/Amsterdam', 'en')).toBe('Dutch time');
    expect(formatTimeZone('Not/AZone', 'en')).toBe('Not/AZone');
  });

  it('starts weeks on Monday', () => {
    expect(weekdayIndex(new Date(2026, 2, 2))).toBe(0);
    expect(weekdayIndex(new Date(2026, 2, 8))).toBe(6);
    expect(startOfWeek(tuesday)).toEqual(new Date(2026, 2, 2));
    expect(startOfWeek(new Date(2026, 2, 8))).toEqual(new Date(2026, 2, 2));
  });
});
