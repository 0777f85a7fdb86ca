import { describe, expect, it } from 'vitest';
import { zipcodeFilter, zipcodeSuggestions } from '@/features/organizations/zipcodes';

describe('zipcode filter', () => {
  it('matches as the server does: spaces, hyphens and case ignored', () => {
    expect(zipcodeFilter('')).toBe('');
    expect(zipcodeFilter('  ')).toBe('');
    expect(zipcodeFilter('3511 ab')).toBe('3511AB');
    expect(zipcodeFilter('1000-001')).toBe('1000001');
  });

  it('refuses what no postcode holds', () => {
    expect(zipcodeFilter('35%')).toBeNull();
    expect(zipcodeFilter('3511_')).toBeNull();
    expect(zipcodeFilter('1234567890ABC')).toBeNull();
  });

  it('suggests the areas with their count, then the postcodes', () => {
    expect(zipcodeSuggestions(['3511 NR', '1011 AA', '3511 AB', '90210'])).toEqual([
      { value: '1011', area: true, count: 1 },
      { value: '3511', area: true, count: 2 },
      { value: '1011 AA', area: false, count: 1 },
      { value: '3511 AB', area: false, count: 1 },
      { value: '3511 NR', area: false, count: 1 },
      { value: '90210', area: false, count: 1 },
    ]);
    expect(zipcodeSuggestions([])).toEqual([]);
  });
});
