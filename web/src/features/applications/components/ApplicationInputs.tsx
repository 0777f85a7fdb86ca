import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ColorFormField, FormSection, SelectField, TextAreaField, TextField, UploadFormField, UrlFormField } from '@/components/form';
import { useApplicationOptions, type Application, type ApplicationInput } from '@/features/applications/api/applications';
import { imageRules } from '@/lib/image-rules';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const COLOR = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const URL = /^https?:\/\/[^\s<>"]+$/;

/** The server's rules (domain/identity Application.clean): the client mirrors them. */
export function applicationSchema(t: TFunction) {
  const label = (field: string) => t(`applications.fields.${field}`).toLowerCase();
  const text = (field: string, max: number) =>
    yup.string().nullable().trim().max(max, t('errors.maxLength', { field: label(field), length: max }));
  const url = (field: string) => text(field, 2000).matches(URL, { message: t('errors.url', { field: label(field) }), excludeEmptyString: true });
  const color = () =>
    yup.string().nullable().matches(COLOR, { message: t('applications.errors.color'), excludeEmptyString: true });
  return yup.object({
    name: text('name', 150).required(t('errors.required', { field: label('name') })),
    slug: text('slug', 64)
      .required(t('errors.required', { field: label('slug') }))
      .matches(SLUG, t('applications.errors.slug')),
    email: text('email', 254).email(t('errors.email', { field: label('email') })),
    description: text('description', 5000),
    dashboard_url: url('dashboard_url'),
    website_url: url('website_url'),
    support_url: url('support_url'),
    timezone: text('timezone', 64).test('timezone', t('applications.errors.timezone'), (value) => !value || isTimezone(value)),
    sport_id_alias: text('sport_id_alias', 100).matches(/^[^/\\ ?#]*$/, t('errors.fieldInvalid')),
    primary_color: color(),
    secondary_color: color(),
  });
}

/** An IANA zone the browser knows (the server checks against Go's zone database). */
export function isTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function timezones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Europe/Amsterdam', 'Europe/Brussels', 'UTC'];
}

export const emptyApplication: ApplicationInput = {
  name: '',
  slug: '',
  email: null,
  description: null,
  dashboard_url: null,
  website_url: null,
  support_url: null,
  timezone: 'Europe/Amsterdam',
  sport_id_alias: null,
  logo_id: null,
  fallback_image_id: null,
  favicon_id: null,
  primary_color: null,
  secondary_color: null,
  parent_id: null,
  longitude: null,
  latitude: null,
  zoom: null,
};

/** The form values of an existing application (map settings too: the PUT replaces everything). */
export function applicationValues(application: Application): ApplicationInput {
  const values = { ...emptyApplication };
  for (const key of Object.keys(values) as (keyof ApplicationInput)[]) {
    (values as Record<string, unknown>)[key] = application[key] ?? null;
  }
  return values;
}

/** What is sent: empty text becomes null, as the server would store it. */
export function applicationBody(values: ApplicationInput): ApplicationInput {
  const body = { ...values };
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' && value.trim() === '' && key !== 'name' && key !== 'slug') {
      (body as Record<string, unknown>)[key] = null;
    }
  }
  return body;
}

function TimezoneField({ label }: { label: string }) {
  const id = useId();
  return (
    <>
      <TextField name="timezone" label={label} list={`${id}-zones`} autoComplete="off" />
      <datalist id={`${id}-zones`}>
        {timezones().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}

function ParentField({ label, self }: { label: string; self?: string }) {
  const { t } = useTranslation();
  const options = useApplicationOptions();
  const [field] = useField<string | null>('parent_id');
  const rows = options.data?.rows.filter((row) => row.id !== self) ?? [];
  // A parent outside the first 100 still shows as chosen.
  const choices = rows.map((row) => ({ value: row.id, label: row.name }));
  if (field.value && !choices.some((choice) => choice.value === field.value)) {
    choices.push({ value: field.value, label: field.value });
  }
  return <SelectField name="parent_id" label={label} options={choices} emptyLabel={t('applications.noParent')} />;
}

/** Every field of an application, shared by the create and edit screens. */
export function ApplicationInputs({ application }: { application?: Application }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`applications.fields.${field}`);
  const upload = { visibility: 'public' as const, path: 'applications' };
  return (
    <>
      <FormSection title={t('applications.sections.application')}>
        <TextField name="name" label={label('name')} required autoFocus />
        <TextField name="slug" label={label('slug')} required autoComplete="off" spellCheck={false} />
        <TextField name="email" label={label('email')} type="email" />
        <ParentField label={label('parent_id')} self={application?.id} />
        <TextAreaField name="description" label={label('description')} />
      </FormSection>
      <FormSection title={t('applications.links')}>
        <UrlFormField name="dashboard_url" label={label('dashboard_url')} />
        <UrlFormField name="website_url" label={label('website_url')} />
        <UrlFormField name="support_url" label={label('support_url')} />
      </FormSection>
      <FormSection title={t('applications.settings')}>
        <TimezoneField label={label('timezone')} />
        <TextField name="sport_id_alias" label={label('sport_id_alias')} autoComplete="off" />
      </FormSection>
      <FormSection title={t('applications.branding')}>
        <UploadFormField
          name="logo_id"
          label={label('logo')}
          previewUrl={application?.logo_url}
          rules={imageRules('application.logo_id')}
          uploadOptions={upload}
        />
        <UploadFormField
          name="fallback_image_id"
          label={label('fallback_image')}
          previewUrl={application?.fallback_image_url}
          uploadOptions={upload}
        />
        <UploadFormField
          name="favicon_id"
          label={label('favicon')}
          previewUrl={application?.favicon_url}
          uploadOptions={upload}
        />
        <ColorFormField name="primary_color" label={label('primary_color')} />
        <ColorFormField name="secondary_color" label={label('secondary_color')} />
      </FormSection>
    </>
  );
}
