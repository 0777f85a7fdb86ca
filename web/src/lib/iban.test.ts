import { formatIban, isValidIban, normalizeIban } from '@/lib/iban';

describe('IBAN', () => {
  it('accepts valid IBANs with any spacing and case', () => {
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    expect(isValidIban('nl91 abna 0417 1643 00')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('BE68539007547034')).toBe(true);
  });

  it('refuses a wrong check digit or a bad shape', () => {
    expect(isValidIban('NL92ABNA0417164300')).toBe(false);
    expect(isValidIban('NL91ABNA0417164301')).toBe(false);
    expect(isValidIban('NL91')).toBe(false);
    expect(isValidIban('1191ABNA0417164300')).toBe(false);
    expect(isValidIban('NL91-ABNA-0417-1643-00')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('normalises and groups', () => {
    expect(normalizeIban(' nl91 abna\t0417164300 ')).toBe('NL91ABNA0417164300');
    expect(formatIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });
});
