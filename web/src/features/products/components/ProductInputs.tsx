import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import * as yup from 'yup';
import { CheckboxListField, SelectField, SwitchField, TextAreaField, TextField, UploadFormField } from '@/components/form';
import { ContactsField, NumberOrEmptyField } from '@/components/offer/OfferFields';
import { GENDERS, LEVELS, MAX_SPOTS, PRICE_DISPLAY_MODES, type Product, type ProductInput } from '@/features/products/api/types';
import { useContactChoices, useProductTypeChoices, useRateChoices, useSportChoices } from '@/lib/offer-choices';
import { useCategoryChoices, useTagChoices } from '@/lib/taxonomy';
import '@/features/products/i18n';

/** The server's rules (domain/product), mirrored so most mistakes show before a round trip. */
export function productSchema(t: TFunction) {
  const label = (field: string) => t(`products.fields.${field}`).toLowerCase();
  return yup.object({
    name: yup.string().trim().max(150).required(t('errors.required', { field: label('name') })),
    product_type_id: yup.string().required(t('errors.required', { field: label('product_type_id') })),
    description: yup.string().max(5000),
    payment_url: yup.string().matches(/^(https?:\/\/\S+)?$/, t('errors.url', { field: label('payment_url') })),
  });
}

export const emptyProduct: ProductInput = {
  name: '',
  product_type_id: '',
  sport_id: null,
  description: '',
  rate_id: null,
  price_display_mode: 'eur',
  gender: '',
  level: '',
  category_ids: [],
  tag_ids: [],
  payment_url: '',
  spots: null,
  image_id: null,
  contacts: [],
  age_min: null,
  age_max: null,
  should_validate_age: false,
  draft: true,
};

export function productValues(product: Product): ProductInput {
  const values = { ...emptyProduct };
  for (const key of Object.keys(values) as (keyof ProductInput)[]) {
    (values as Record<string, unknown>)[key] = product[key as keyof Product] ?? emptyProduct[key];
  }
  return values;
}

/** The product form in sections (basics, offer, audience, contacts, publication). */
export function ProductInputs() {
  const { t } = useTranslation();
  // The organisation's own rates and contacts (decisions 0600, 0602); its id is in the route.
  const { organizationId = '' } = useParams();
  const rates = useRateChoices(organizationId);
  const contacts = useContactChoices(organizationId);
  const categories = useCategoryChoices();
  const tags = useTagChoices();
  const sports = useSportChoices();
  const types = useProductTypeChoices();
  const options = (values: readonly string[], group: string) => values.map((value) => ({ value, label: t(`products.${group}.${value}`) }));
  return (
    <>
      <fieldset className="form__section">
        <legend>{t('products.sections.basics')}</legend>
        <TextField name="name" label={t('products.fields.name')} required />
        <SelectField
          name="product_type_id"
          label={t('products.fields.product_type_id')}
          required
          emptyLabel="—"
          emptyValue=""
          options={types.data ?? []}
        />
        <SelectField name="sport_id" label={t('products.fields.sport_id')} emptyLabel="—" options={sports.data ?? []} />
        <TextAreaField name="description" label={t('products.fields.description')} />
        <UploadFormField
          name="image_id"
          label={t('products.fields.image_id')}
          rules={{ minDimensions: '500,250', extensions: ['jpg', 'jpeg', 'png'] }}
          uploadOptions={{ visibility: 'public', path: 'products' }}
        />
      </fieldset>
      <fieldset className="form__section">
        <legend>{t('products.sections.offer')}</legend>
        <SelectField name="rate_id" label={t('products.fields.rate_id')} emptyLabel={t('products.noRate')} options={rates.data ?? []} />
        <SelectField
          name="price_display_mode"
          label={t('products.fields.price_display_mode')}
          options={options(PRICE_DISPLAY_MODES, 'displayModes')}
        />
        <NumberOrEmptyField name="spots" label={t('products.fields.spots')} max={MAX_SPOTS} />
        <TextField name="payment_url" label={t('products.fields.payment_url')} />
        <CheckboxListField name="category_ids" label={t('products.fields.category_ids')} options={categories.data ?? []} />
        <CheckboxListField name="tag_ids" label={t('products.fields.tag_ids')} options={tags.data ?? []} />
      </fieldset>
      <fieldset className="form__section">
        <legend>{t('products.sections.audience')}</legend>
        <SelectField name="gender" label={t('products.fields.gender')} emptyLabel={t('products.genders.')} options={options(GENDERS, 'genders')} />
        <SelectField name="level" label={t('products.fields.level')} emptyLabel={t('products.levels.')} options={options(LEVELS, 'levels')} />
        <NumberOrEmptyField name="age_min" label={t('products.fields.age_min')} max={120} />
        <NumberOrEmptyField name="age_max" label={t('products.fields.age_max')} max={120} />
        <SwitchField name="should_validate_age" label={t('products.fields.should_validate_age')} />
      </fieldset>
      <fieldset className="form__section">
        <legend>{t('products.sections.contacts')}</legend>
        <ContactsField choices={contacts.data ?? []} />
      </fieldset>
      <fieldset className="form__section">
        <legend>{t('products.sections.publication')}</legend>
        <SwitchField name="draft" label={t('products.fields.draft')} />
      </fieldset>
    </>
  );
}
