import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import * as yup from 'yup';
import { FormSection, SelectField, TextField, useFormReadOnly } from '@/components/form';
import type { CancellationTerm, Rate, RateInput } from '@/features/rates/api/types';
import { centsToDecimalString, decimalToCents } from '@/lib/format';
import '@/features/rates/i18n';

/** The VAT tiers (spec §9: 0, 9 and 21 %); the server refuses any other, and an empty one. */
export const VAT_TIERS = ['zero', 'low', 'high'] as const;

/** The server's limits (domain/rate): a name up to 100 characters, a price from € 0 to € 100,000. */
const MAX_NAME_LENGTH = 100;
const MAX_PRICE_CENTS = 10_000_000;

/** The form's values: the price as the user types it, in euros; the VAT tier '' until chosen. */
export interface RateValues {
  name: string;
  price: string;
  vat_tier: string;
  cancellation_term_id: string | null;
}

/** A new rate has no VAT tier: the tier is a tax decision the user makes, never a silent default. */
export const emptyRate: RateValues = { name: '', price: '', vat_tier: '', cancellation_term_id: null };

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
  const label = (field: string) => t(`rates.fields.${field}`).toLowerCase();
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field: label('name') }))
      .max(MAX_NAME_LENGTH, t('errors.maxLength', { field: label('name'), length: MAX_NAME_LENGTH })),
    price: yup
      .string()
      .required(t('errors.required', { field: label('price') }))
      .test('cents', t('rates.errors.price'), (value) => decimalToCents(value ?? '') !== null)
      .test('range', t('rates.errors.priceRange'), (value) => (decimalToCents(value ?? '') ?? 0) <= MAX_PRICE_CENTS),
    vat_tier: yup.string().oneOf([...VAT_TIERS], t('rates.errors.vatTier')).required(t('rates.errors.vatTier')),
  });
}

/** The rate's fields in two sections (the organisation form's pattern). */
export function RateInputs({ terms }: { terms: CancellationTerm[] }) {
  const { t } = useTranslation();
  const { organization_id: organizationId = '' } = useParams();
  const readOnly = useFormReadOnly();
  const label = (field: string) => t(`rates.fields.${field}`);
  return (
    <>
      <FormSection title={t('rates.sections.rate')} description={t('rates.sections.rateHint')}>
        <TextField name="name" label={label('name')} required wide autoFocus hint={t('rates.fields.nameHint')} />
        <TextField name="price" label={label('price')} required inputMode="decimal" placeholder={t('rates.fields.priceHint')}
          hint={t('rates.priceNote')}
        />
        <SelectField
          name="vat_tier"
          label={label('vat_tier')}
          required
          emptyLabel={t('rates.fields.chooseVat')}
          emptyValue=""
          options={VAT_TIERS.map((tier) => ({ value: tier, label: t(`rates.vat.${tier}`) }))}
          hint={t('rates.fields.vatHint')}
        />
      </FormSection>
      <FormSection title={t('rates.sections.cancelling')} description={t('rates.sections.cancellingHint')}>
        <SelectField
          name="cancellation_term_id"
          label={label('cancellation_term_id')}
          emptyLabel={t('rates.fields.noTerm')}
          options={terms.map((term) => ({ value: term.id, label: term.name }))}
          hint={
            terms.length === 0 && !readOnly ? (
              <>
                {t('rates.fields.noTermsYet')}{' '}
                <Link to={`/organizations/${encodeURIComponent(organizationId)}/cancellation-terms/create`}>{t('rates.terms.create')}</Link>
              </>
            ) : undefined
          }
        />
      </FormSection>
    </>
  );
}
