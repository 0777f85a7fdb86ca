import en from '@/features/app-builds/locales/en.json';
import nl from '@/features/app-builds/locales/nl.json';

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('app build texts', () => {
  it('has every text in Dutch and English', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
  });
});
