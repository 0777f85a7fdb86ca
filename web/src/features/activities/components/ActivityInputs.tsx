import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import * as yup from 'yup';
import { CheckboxListField, SelectField, SwitchField, TextAreaField, TextField, UploadFormField } from '@/components/form';
import { ContactsField, NumberOrEmptyField } from '@/components/offer/OfferFields';
import {
  ACTIVITY_TYPES,
  GENDERS,
  LEVELS,
  PRICE_DISPLAY_MODES,
  type Activity,
  type ActivityInput,
} from '@/features/activities/api/types';
import { api } from '@/lib/api-client';
import { useCategoryChoices, useTagChoices } from '@/lib/taxonomy';
import '@/features/activities/i18n';
import { useContactChoices, useRateChoices, useTermChoices } from '@/features/activities/api/activities';
import { imageRules } from '@/lib/image-rules';

/** The server's rules (domain/activity), mirrored so most mistakes show before a round trip. */
export function activitySchema(t: TFunction) {
  const label = (field: string) => t(`activities.fields.${field}`).toLowerCase();
  return yup.object({
    name: yup.string().trim().max(150).required(t('errors.required', { field: label('name') })),
    description: yup.string().max(5000),
    notes: yup.string().max(5000),
    payment_url: yup.string().matches(/^(https?:\/\/\S+)?$/, t('errors.url', { field: label('payment_url') })),
  });
}

export const emptyActivity: ActivityInput = {
  type: 'session',
  name: '',
  sport_id: null,
  description: '',
  notes: '',
  rate_id: null,
  gender: '',
  level: '',
  category_ids: [],
  tag_ids: [],
  payment_url: '',
  cancellation_term_id: null,
  price_display_mode: 'eur',
  image_id: null,
  is_accessible: false,
  age_min: null,
  age_max: null,
  contacts: [],
  concept: true,
};

export function activityValues(activity: Activity): ActivityInput {
  const values = { ...emptyActivity };
  for (const key of Object.keys(values) as (keyof ActivityInput)[]) {
    (values as Record<string, unknown>)[key] = activity[key as keyof Activity] ?? emptyActivity[key];
  }
  return values;
}

function Contacts() {
  // The organisation's own contacts (decision 0602); its id is in the route.
  const { organizationId = '' } = useParams();
  const choices = useContactChoices(organizationId);
  return <ContactsField choices={choices.data ?? []} />;
}

/** The activity form in sections; the type is chosen once, on create. */
export function ActivityInputs({ creating }: { creating: boolean }) {
  const { t } = useTranslation();
  // The organisation's own rates and terms (decision 0600); its id is in the route.
  const { organizationId = '' } = useParams();
  const rates = useRateChoices(organizationId);
  const terms = useTermChoices(organizationId);
  const categories = useCategoryChoices();
  const tags = useTagChoices();
  const sports = useQuery({
    queryKey: ['sports', 'all'],
    queryFn: async ({ signal }) => (await api<{ data: { id: string; name: string }[] }>('/v1/admin/sports/all', { signal })).data,
  });
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`activities.${group}.${value}`) }));
  return (
    <>
      <fieldset className="form__section">
        <legend>{t('activities.sections.basics')}</legend>
        {creating && <SelectField name="type" label={t('activities.fields.type')} options={options(ACTIVITY_TYPES, 'types')} />}
        <TextField name="name" label={t('activities.fields.name')} />
        <SelectField
          name="sport_id"
          label={t('activities.fields.sport_id')}
          emptyLabel="—"
          options={(sports.data ?? []).map((sport) => ({ value: sport.id, label: sport.name }))}
        />
        <TextAreaField name="description" label={t('activities.fields.description')} />
        <TextAreaField name="notes" label={t('activities.fields.notes')} rows={2} />
        <UploadFormField
          name="image_id"
          label={t('activities.fields.image_id')}
          rules={{ ...imageRules('activity.image_id'), extensions: ['jpg', 'jpeg', 'png'] }}
          uploadOptions={{ visibility: 'public', path: 'activities' }}
        />
      </fieldset>
      <fieldset className="form__section">
        <legend>{t('activities.sections.offer')}</legend>
        <SelectField name="rate_id" label={t('activities.fields.rate_id')} emptyLabel={t('activities.noRate')} options={rates.data ?? []} />
        <SelectField
          name="cancellation_term_id"
          label={t('activities.fields.cancellation_term_id')}
          emptyLabel={t('activities.rateTerm')}
          options={terms.data ?? []}
        />
        <SelectField name="price_display_mode" label={t('activities.fields.price_display_mode')} options={options(PRICE_DISPLAY_MODES, 'displayModes')} />
        <TextField name="payment_url" label={t('activities.fields.payment_url')} />
        <CheckboxListField name="category_ids" label={t('activities.fields.category_ids')} options={categories.data ?? []} />
        <CheckboxListField name="tag_ids" label={t('activities.fields.tag_ids')} options={tags.data ?? []} />
      </fieldset>
      <fieldset className="form__section">
        <legend>{t('activities.sections.audience')}</legend>
        <SelectField name="gender" label={t('activities.fields.gender')} emptyLabel={t('activities.genders.')} options={options(GENDERS, 'genders')} />
        <SelectField name="level" label={t('activities.fields.level')} emptyLabel={t('activities.levels.')} options={options(LEVELS, 'levels')} />
        <NumberOrEmptyField name="age_min" label={t('activities.fields.age_min')} max={120} />
        <NumberOrEmptyField name="age_max" label={t('activities.fields.age_max')} max={120} />
        <SwitchField name="is_accessible" label={t('activities.fields.is_accessible')} />
      </fieldset>
      <fieldset className="form__section">
        <legend>{t('activities.sections.contacts')}</legend>
        <Contacts />
      </fieldset>
      <fieldset className="form__section">
        <legend>{t('activities.sections.publication')}</legend>
        <SwitchField name="concept" label={t('activities.fields.concept')} />
      </fieldset>
    </>
  );
}
