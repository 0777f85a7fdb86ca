import en from '@/features/orders/locales/en.json';
import nl from '@/features/orders/locales/nl.json';
import { ORDER_STATUSES, PAYMENT_TYPES } from '@/features/orders/api/types';

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('order texts', () => {
  it('has every text in Dutch and English', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
  });
  it('names every status and payment type', () => {
    expect(Object.keys(nl.statuses).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(Object.keys(nl.paymentTypes).sort()).toEqual([...PAYMENT_TYPES].sort());
  });
});
