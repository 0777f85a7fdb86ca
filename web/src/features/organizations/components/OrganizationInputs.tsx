import { useQuery } from '@tanstack/react-query';
import { useField } from 'formik';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FormSection, SelectField, type SelectOption, TextAreaField, TextField, UploadFormField } from '@/components/form';
import type { Organization, OrganizationInput } from '@/features/organizations/api/types';
import { api } from '@/lib/api-client';
import { countryOptions } from '@/lib/countries';
import { currentLanguage } from '@/lib/i18n';
import { imageRules } from '@/lib/image-rules';

/** The server's limits (domain/organization): the client rules mirror them. */
export function organizationSchema(t: TFunction) {
  const label = (field: string) => t(`organizations.fields.${field}`).toLowerCase();
  const text = (field: string, max: number) =>
    yup.string().trim().max(max, t('errors.maxLength', { field: label(field), length: max }));
  const url = (field: string) => text(field, 2000).matches(/^https?:\/\/\S+$/, t('errors.url', { field: label(field) }));
  return yup.object({
    name: text('name', 150).required(t('errors.required', { field: label('name') })),
    description: text('description', 5000),
    type: text('type', 150),
    kvk: yup.string().matches(/^\s*(\d\s*){8}$/, t('organizations.errors.kvk')),
    email: text('email', 254).email(t('errors.email', { field: label('email') })),
    phone: yup.string().matches(/^\+?[0-9 ()\-./]{6,20}$/, t('organizations.errors.phone')),
    website: url('website'),
    facebook_url: url('facebook_url'),
    instagram_url: url('instagram_url'),
    youtube_url: url('youtube_url'),
    street: text('street', 150),
    house_number: text('house_number', 20),
    zipcode: text('zipcode', 12),
    city: text('city', 150),
    country: yup.string().trim().matches(/^[a-zA-Z]{2}$/, t('organizations.errors.country')),
    notes: text('notes', 5000),
  });
}

export const emptyOrganization: OrganizationInput = {
  name: '',
  description: '',
  type: '',
  sports: [],
  kvk: '',
  logo_id: null,
  header_id: null,
  email: '',
  phone: '',
  website: '',
  facebook_url: '',
  instagram_url: '',
  youtube_url: '',
  street: '',
  house_number: '',
  zipcode: '',
  city: '',
  country: 'nl',
  notes: '',
};

/** The form values of an existing organisation. */
export function organizationValues(organization: Organization): OrganizationInput {
  const values = { ...emptyOrganization };
  for (const key of Object.keys(values) as (keyof OrganizationInput)[]) {
    const value = organization[key];
    if (value !== undefined) (values as Record<string, unknown>)[key] = value ?? (key.endsWith('_id') ? null : '');
  }
  values.sports = organization.sports ?? [];
  return values;
}

interface SportOption {
  id: string;
  name: string;
}

/** Checkboxes of the catalogue's sports; hidden when the user may not read the catalogue. */
function SportsField() {
  const { t } = useTranslation();
  const [field, , helpers] = useField<string[]>('sports');
  const sports = useQuery({
    queryKey: ['organizations', 'sport-options'],
    queryFn: async ({ signal }) => (await api<{ data: SportOption[] }>('/v1/admin/sports/all', { signal, silent: true })).data,
    retry: false,
  });
  if (!sports.data?.length) return null;
  const selected = new Set(field.value ?? []);
  return (
    <fieldset className="field field--wide">
      <legend className="field__label">{t('organizations.fields.sports')}</legend>
      <div className="checkbox-list">
        {sports.data.map((sport) => (
          <label key={sport.id} className="checkbox">
            <input
              type="checkbox"
              checked={selected.has(sport.id)}
              onChange={(event) => {
                const next = new Set(selected);
                if (event.target.checked) next.add(sport.id);
                else next.delete(sport.id);
                void helpers.setValue([...next]);
              }}
            />
            {sport.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The kinds of organisation offered in the type select; a stored value outside them stays selectable. */
const ORGANIZATION_TYPES = ['association', 'foundation', 'company', 'municipality', 'school', 'other'] as const;

function typeOptions(t: TFunction, current: string | null | undefined): SelectOption[] {
  const options: SelectOption[] = ORGANIZATION_TYPES.map((type) => ({ value: type, label: t(`organizations.types.${type}`) }));
  if (current && !options.some((option) => option.value === current)) options.unshift({ value: current, label: current });
  return options;
}

/** Every field of an organisation in sections, shared by the create, edit and profile screens. */
export function OrganizationInputs({ organization }: { organization?: Organization }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const countries = useMemo(() => countryOptions(language), [language]);
  const label = (field: string) => t(`organizations.fields.${field}`);
  return (
    <>
      <FormSection title={t('organizations.sections.organization')} description={t('organizations.sections.organizationHint')}>
        <TextField name="name" label={label('name')} required wide autoFocus />
        <SelectField name="type" label={label('type')} options={typeOptions(t, organization?.type)} emptyLabel={t('organizations.types.none')}
          emptyValue=""
        />
        <TextField name="kvk" label={label('kvk')} inputMode="numeric" hint={t('organizations.hints.kvk')} />
        <TextAreaField name="description" label={label('description')} />
        <SportsField />
      </FormSection>
      <FormSection title={t('organizations.sections.images')}>
        <UploadFormField
          name="logo_id"
          label={label('logo')}
          previewUrl={organization?.logo_url}
          rules={imageRules('organization.logo_id')}
          uploadOptions={{ visibility: 'public', path: 'organizations' }}
        />
        <UploadFormField
          name="header_id"
          label={label('header')}
          previewUrl={organization?.header_url}
          uploadOptions={{ visibility: 'public', path: 'organizations' }}
        />
      </FormSection>
      <FormSection title={t('organizations.contact')}>
        <TextField name="email" label={label('email')} type="email" autoComplete="email" />
        <TextField name="phone" label={label('phone')} type="tel" autoComplete="tel" />
        <TextField name="website" label={label('website')} type="url" placeholder="https://" wide />
        <TextField name="facebook_url" label={label('facebook_url')} type="url" placeholder="https://" />
        <TextField name="instagram_url" label={label('instagram_url')} type="url" placeholder="https://" />
        <TextField name="youtube_url" label={label('youtube_url')} type="url" placeholder="https://" />
      </FormSection>
      <FormSection title={t('organizations.address')}>
        <TextField name="street" label={label('street')} autoComplete="address-line1" />
        <TextField name="house_number" label={label('house_number')} />
        <TextField name="zipcode" label={label('zipcode')} autoComplete="postal-code" />
        <TextField name="city" label={label('city')} autoComplete="address-level2" />
        <SelectField name="country" label={label('country')} options={countries} emptyLabel={t('organizations.noCountry')}
          emptyValue=""
        />
      </FormSection>
      <FormSection title={t('organizations.sections.notes')} description={t('organizations.sections.notesHint')}>
        <TextAreaField name="notes" label={label('notes')} />
      </FormSection>
    </>
  );
}
