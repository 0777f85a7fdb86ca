import { useField } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
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
  useFormReadOnly,
} from '@/components/form';
import { ContactsField, NumberOrEmptyField } from '@/components/offer/OfferFields';
import {
  ACTIVITY_TYPES,
  GENDERS,
  LEVELS,
  PRICE_DISPLAY_MODES,
  type Activity,
  type ActivityInput,
} from '@/features/activities/api/types';
import { can } from '@/lib/authorization';
import type { Language } from '@/lib/i18n';
import { imageRules } from '@/lib/image-rules';
import {
  rateLabel,
  useContactChoices,
  useOrganizationSportIds,
  useRateChoices,
  useSportChoices,
  useTermChoices,
  withChosen,
  type Choice,
} from '@/lib/offer-choices';
import { useCategoryChoices, useTagChoices } from '@/lib/taxonomy';
import { useAuthStore } from '@/stores/auth';
import '@/features/activities/i18n';

/** The server's rules (domain/activity, domain/offer), mirrored so most mistakes show before a round trip. */
export function activitySchema(t: TFunction) {
  const label = (field: string) => t(`activities.fields.${field}`).toLowerCase();
  return yup.object({
    type: yup.string().required(t('errors.required', { field: label('type') })),
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field: label('name') }))
      .max(150, t('errors.maxLength', { field: label('name'), length: 150 })),
    description: yup.string().max(5000, t('errors.maxLength', { field: label('description'), length: 5000 })),
    notes: yup.string().max(5000, t('errors.maxLength', { field: label('notes'), length: 5000 })),
    payment_url: yup.string().matches(/^(https?:\/\/\S+)?$/, t('errors.url', { field: label('payment_url') })),
    age_max: yup
      .number()
      .nullable()
      .test('range', t('activities.errors.ageRange'), function ageRange(max) {
        const min = (this.parent as ActivityInput).age_min;
        return max === null || max === undefined || min === null || min === undefined || max >= min;
      }),
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

/** The activity's own rate as its answer names it ("Volwassenen — € 12,50"). */
function currentRateLabel(activity: Activity | undefined, language: Language): string {
  return activity?.rate_id ? rateLabel(activity.rate_name ?? activity.rate_id, activity.rate_price_cents, language) : '';
}

/**
 * The sports offered: the organisation's own (its profile links them); the catalogue
 * when the organisation's list is unknown (read-only, or the user may not read the
 * organisation). The current sport stays selectable.
 */
export function sportOptions(catalogue: Choice[], organizationSports: string[] | undefined, current: string | null): Choice[] {
  if (!organizationSports) return catalogue;
  const linked = new Set(organizationSports);
  return catalogue.filter((sport) => linked.has(sport.value) || sport.value === current);
}

function SportField() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const profile = useAuthStore((state) => state.profile);
  const readOnly = useFormReadOnly();
  const [field] = useField<string | null>('sport_id');
  const catalogue = useSportChoices(can(profile, 'view-catalog'));
  const organizationSports = useOrganizationSportIds(organizationId, !readOnly && can(profile, 'view-organization'));
  const options = sportOptions(catalogue.data ?? [], readOnly ? undefined : organizationSports.data, field.value);
  const none = !readOnly && organizationSports.data?.length === 0;
  const profilePath = `/organizations/${encodeURIComponent(organizationId)}/profile`;
  return (
    <SelectField
      name="sport_id"
      label={t('activities.fields.sport_id')}
      emptyLabel="—"
      options={options}
      hint={
        none ? (
          <>
            {t('activities.noSports')}{' '}
            {can(profile, 'edit-organization') ? <Link to={profilePath}>{t('activities.linkSports')}</Link> : t('activities.askSports')}
          </>
        ) : readOnly ? undefined : (
          t('activities.sportHint')
        )
      }
    />
  );
}

function Contacts({ names }: { names?: Record<string, string> }) {
  // The organisation's own contacts (decision 0602); its id is in the route.
  const { organizationId = '' } = useParams();
  const mayRead = useAuthStore((state) => can(state.profile, 'view-contacts'));
  const choices = useContactChoices(organizationId, mayRead);
  // Without view-contacts each row names its contact by the activity's answer (web-111).
  return <ContactsField choices={mayRead ? (choices.data ?? []) : undefined} names={names} />;
}

/**
 * The activity form in sections (the organisation form's pattern); the type is chosen
 * once, on create. Each picker loads only with the permission its list needs; without
 * it the activity's own rate and term are shown by the names its answer carries.
 */
export function ActivityInputs({ creating, activity }: { creating: boolean; activity?: Activity }) {
  const { t, i18n } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  // The organisation's own rates and terms (decision 0600); its id is in the route.
  const { organizationId = '' } = useParams();
  const mayReadRates = can(profile, 'view-rates');
  const rates = useRateChoices(organizationId, mayReadRates);
  const terms = useTermChoices(organizationId, mayReadRates);
  const mayReadCategories = can(profile, 'view-categories');
  const mayReadTags = can(profile, 'view-tags');
  const categories = useCategoryChoices(mayReadCategories);
  const tags = useTagChoices(mayReadTags);
  const language = i18n.language as Language;
  // Without view-rates (or for a value the list no longer holds) the activity names its own rate and term.
  const rateChoices = withChosen(rates.data, activity?.rate_id, currentRateLabel(activity, language));
  const termChoices = withChosen(
    terms.data,
    activity?.cancellation_term_id,
    activity?.cancellation_term_name ?? activity?.cancellation_term_id ?? '',
  );
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`activities.${group}.${value}`) }));
  const label = (field: string) => t(`activities.fields.${field}`);
  return (
    <>
      <FormSection title={t('activities.sections.basics')} description={t('activities.sections.basicsHint')}>
        {creating && (
          <SelectField name="type" label={label('type')} options={options(ACTIVITY_TYPES, 'types')} required hint={t('activities.typeHint')} />
        )}
        <TextField name="name" label={label('name')} required wide autoFocus={creating} />
        <SportField />
        <TextAreaField name="description" label={label('description')} />
        <TextAreaField name="notes" label={label('notes')} rows={2} />
        <UploadFormField
          name="image_id"
          label={label('image_id')}
          previewUrl={activity?.image_url}
          rules={{ ...imageRules('activity.image_id'), extensions: ['jpg', 'jpeg', 'png'] }}
          uploadOptions={{ visibility: 'public', path: 'activities' }}
        />
      </FormSection>
      <FormSection title={t('activities.sections.offer')} description={t('activities.sections.offerHint')}>
        <SelectField
          name="rate_id"
          label={label('rate_id')}
          emptyLabel={t('activities.free')}
          options={rateChoices}
          hint={mayReadRates ? undefined : t('activities.ratesHidden')}
        />
        <SelectField name="cancellation_term_id" label={label('cancellation_term_id')} emptyLabel={t('activities.rateTerm')} options={termChoices} />
        <SelectField name="price_display_mode" label={label('price_display_mode')} options={options(PRICE_DISPLAY_MODES, 'displayModes')} />
        <TextField name="payment_url" label={label('payment_url')} type="url" placeholder="https://" />
        {mayReadCategories ? (
          <CheckboxListField name="category_ids" label={label('category_ids')} options={categories.data ?? []} />
        ) : (
          activity && <ChosenNamesField label={label('category_ids')} ids={activity.category_ids} names={activity.names} />
        )}
        {mayReadTags ? (
          <CheckboxListField name="tag_ids" label={label('tag_ids')} options={tags.data ?? []} />
        ) : (
          activity && <ChosenNamesField label={label('tag_ids')} ids={activity.tag_ids} names={activity.names} />
        )}
      </FormSection>
      <FormSection title={t('activities.sections.audience')} description={t('activities.sections.audienceHint')}>
        <SelectField name="gender" label={label('gender')} emptyLabel={t('activities.genders.')} emptyValue="" options={options(GENDERS, 'genders')} />
        <SelectField name="level" label={label('level')} emptyLabel={t('activities.levels.')} emptyValue="" options={options(LEVELS, 'levels')} />
        <NumberOrEmptyField name="age_min" label={label('age_min')} max={120} />
        <NumberOrEmptyField name="age_max" label={label('age_max')} max={120} />
        <SwitchField name="is_accessible" label={label('is_accessible')} />
      </FormSection>
      <FormSection title={t('activities.sections.contacts')} description={t('activities.sections.contactsHint')}>
        <Contacts names={activity?.names} />
      </FormSection>
      <FormSection title={t('activities.sections.publication')} description={t('activities.sections.publicationHint')}>
        <SwitchField name="concept" label={label('concept')} />
      </FormSection>
    </>
  );
}
