import type { TFunction } from 'i18next';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import * as yup from 'yup';
import {
  CheckboxListField,
  ChosenNamesField,
  FormSection,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  UploadFormField,
  type SelectOption,
} from '@/components/form';
import { ContactsField, NumberOrEmptyField } from '@/components/offer/OfferFields';
import { GENDERS, LEVELS, MAX_SPOTS, PRICE_DISPLAY_MODES, type Product, type ProductInput } from '@/features/products/api/types';
import { can } from '@/lib/authorization';
import { imageRules } from '@/lib/image-rules';
import { rateLabel, useContactChoices, useProductTypeChoices, useRateChoices, useSportChoices, withChosen } from '@/lib/offer-choices';
import type { Language } from '@/lib/i18n';
import { useCategoryChoices, useTagChoices } from '@/lib/taxonomy';
import { useAuthStore } from '@/stores/auth';
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

/** The product form in sections, in the order people fill them in (basics, offer, audience, contacts, publication). */
export function ProductInputs({ imageUrl, product }: { imageUrl?: string | null; product?: Product }) {
  const { t, i18n } = useTranslation();
  const { values } = useFormikContext<ProductInput>();
  const profile = useAuthStore((state) => state.profile);
  // Each picker's list is asked for only with the permission its GET checks; without it the
  // product's own choice stays shown as chosen (the record holds ids, web-090).
  const may = (permission: string) => can(profile, permission);
  // The organisation's own rates and contacts (decisions 0600, 0602); its id is in the route.
  const { organizationId = '' } = useParams();
  const rates = useRateChoices(organizationId, may('view-rates'));
  const contacts = useContactChoices(organizationId, may('view-contacts'));
  const categories = useCategoryChoices(may('view-categories'));
  const tags = useTagChoices(may('view-tags'));
  const sports = useSportChoices(may('view-catalog'));
  const types = useProductTypeChoices(may('view-catalog'));
  // Without the list, the product's own choice by the name its answer carries (web-111).
  const names = product?.names;
  const nameOf = (chosen: string | null | undefined) => (chosen && names?.[chosen]) || t('form.chosenUnreadable');
  const choices = (loaded: SelectOption[] | undefined, readable: boolean, chosen: string | null | undefined, label = nameOf(chosen)) =>
    readable ? (loaded ?? []) : withChosen(undefined, chosen, label);
  const rate = product?.rate_id && product.rate_name ? rateLabel(product.rate_name, product.rate_price_cents, i18n.language as Language) : undefined;
  const options = (list: readonly string[], group: string) => list.map((value) => ({ value, label: t(`products.${group}.${value}`) }));
  const section = (name: string) => t(`products.sections.${name}`);
  return (
    <>
      <FormSection title={section('basics')} description={section('basicsHint')}>
        <TextField name="name" label={t('products.fields.name')} required wide autoFocus />
        <SelectField
          name="product_type_id"
          label={t('products.fields.product_type_id')}
          required
          emptyLabel="—"
          emptyValue=""
          options={choices(types.data, may('view-catalog'), values.product_type_id)}
        />
        <SelectField
          name="sport_id"
          label={t('products.fields.sport_id')}
          emptyLabel="—"
          options={choices(sports.data, may('view-catalog'), values.sport_id)}
        />
        <TextAreaField name="description" label={t('products.fields.description')} />
        <UploadFormField
          name="image_id"
          label={t('products.fields.image_id')}
          previewUrl={imageUrl}
          rules={imageRules('product.image_id')}
          uploadOptions={{ visibility: 'public', path: 'products' }}
        />
      </FormSection>
      <FormSection title={section('offer')} description={section('offerHint')}>
        <SelectField
          name="rate_id"
          label={t('products.fields.rate_id')}
          emptyLabel={t('products.noRate')}
          options={choices(rates.data, may('view-rates'), values.rate_id, values.rate_id === product?.rate_id ? rate : undefined)}
        />
        <SelectField
          name="price_display_mode"
          label={t('products.fields.price_display_mode')}
          options={options(PRICE_DISPLAY_MODES, 'displayModes')}
        />
        <NumberOrEmptyField name="spots" label={t('products.fields.spots')} max={MAX_SPOTS} />
        <TextField name="payment_url" label={t('products.fields.payment_url')} type="url" placeholder="https://" />
        {may('view-categories') ? (
          <CheckboxListField name="category_ids" label={t('products.fields.category_ids')} options={categories.data ?? []} />
        ) : (
          <ChosenNamesField label={t('products.fields.category_ids')} ids={values.category_ids} names={names} />
        )}
        {may('view-tags') ? (
          <CheckboxListField name="tag_ids" label={t('products.fields.tag_ids')} options={tags.data ?? []} />
        ) : (
          <ChosenNamesField label={t('products.fields.tag_ids')} ids={values.tag_ids} names={names} />
        )}
      </FormSection>
      <FormSection title={section('audience')} description={section('audienceHint')}>
        <SelectField name="gender" label={t('products.fields.gender')} emptyLabel={t('products.genders.')} options={options(GENDERS, 'genders')} />
        <SelectField name="level" label={t('products.fields.level')} emptyLabel={t('products.levels.')} options={options(LEVELS, 'levels')} />
        <NumberOrEmptyField name="age_min" label={t('products.fields.age_min')} max={120} />
        <NumberOrEmptyField name="age_max" label={t('products.fields.age_max')} max={120} />
        <SwitchField name="should_validate_age" label={t('products.fields.should_validate_age')} />
      </FormSection>
      <FormSection title={section('contacts')} description={section('contactsHint')}>
        <div className="field--wide">
          <ContactsField choices={may('view-contacts') ? (contacts.data ?? []) : undefined} names={names} />
        </div>
      </FormSection>
      <FormSection title={section('publication')} description={section('publicationHint')}>
        <SwitchField name="draft" label={t('products.fields.draft')} />
      </FormSection>
    </>
  );
}
