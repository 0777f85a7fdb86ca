import { normalizeTime } from '@/components/time-field/time';

describe('normalizeTime', () => {
  it('reads the ways people type a time as HH:MM on the 24-hour clock', () => {
    expect(normalizeTime('19:30')).toBe('19:30');
    expect(normalizeTime('19.30')).toBe('19:30');
    expect(normalizeTime('1930')).toBe('19:30');
    expect(normalizeTime('930')).toBe('09:30');
    expect(normalizeTime('9')).toBe('09:00');
    expect(normalizeTime('9u30')).toBe('09:30');
    expect(normalizeTime('19h30')).toBe('19:30');
    expect(normalizeTime(' 07:05 ')).toBe('07:05');
    expect(normalizeTime('0')).toBe('00:00');
    expect(normalizeTime('23:59')).toBe('23:59');
  });

  it('refuses what is not a time of day', () => {
    for (const text of ['', '24:00', '12:60', '7 pm', '7:30 PM', 'abc', '12345', '1:2', '-1']) {
      expect(normalizeTime(text)).toBeNull();
    }
  });
});
