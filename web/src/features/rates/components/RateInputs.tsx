import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { SelectField, TextField } from '@/components/form';
import type { CancellationTerm, Rate, RateInput } from '@/features/rates/api/types';
import { centsToDecimalString, decimalToCents } from '@/lib/format';
import '@/features/rates/i18n';

/** The form's values: the price as the user types it, in euros. */
export interface RateValues {
  name: string;
  price: string;
  vat_tier: string;
  cancellation_term_id: string | null;
}

export const emptyRate: RateValues = { name: '', price: '', vat_tier: 'high', cancellation_term_id: null };

export function rateValues(rate: Rate): RateValues {
  return {
    name: rate.name,
    price: centsToDecimalString(rate.price_cents),
    vat_tier: rate.vat_tier,
    cancellation_term_id: rate.cancellation_term_id ?? null,
  };
}

export function rateBody(values: RateValues): RateInput {
  return {
    name: values.name.trim(),
    price_cents: decimalToCents(values.price) ?? 0,
    vat_tier: values.vat_tier,
    cancellation_term_id: values.cancellation_term_id,
  };
}

export function rateSchema(t: TFunction) {
  const field = t('rates.fields.name').toLowerCase();
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field }))
      .max(100, t('errors.maxLength', { field, length: 100 })),
    price: yup
      .string()
      .required(t('errors.required', { field: t('rates.fields.price').toLowerCase() }))
      .test('cents', t('rates.errors.price'), (value) => decimalToCents(value ?? '') !== null),
    vat_tier: yup.string().oneOf(['zero', 'low', 'high']).required(),
  });
}

export function RateInputs({ terms }: { terms: CancellationTerm[] }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField name="name" label={t('rates.fields.name')} autoFocus />
      <TextField name="price" label={t('rates.fields.price')} inputMode="decimal" placeholder={t('rates.fields.priceHint')} />
      <p className="field__hint">{t('rates.priceNote')}</p>
      <SelectField
        name="vat_tier"
        label={t('rates.fields.vat_tier')}
        options={(['zero', 'low', 'high'] as const).map((tier) => ({ value: tier, label: t(`rates.vat.${tier}`) }))}
      />
      <SelectField
        name="cancellation_term_id"
        label={t('rates.fields.cancellation_term_id')}
        emptyLabel={t('rates.fields.noTerm')}
        options={terms.map((term) => ({ value: term.id, label: term.name }))}
      />
    </>
  );
}
