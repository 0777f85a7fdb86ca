import en from '@/features/themed-pages/locales/en.json';
import nl from '@/features/themed-pages/locales/nl.json';

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('themed page texts', () => {
  it('has every text in Dutch and English', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
  });
});
