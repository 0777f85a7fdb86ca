import { useField } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ColorFormField, FormSection, TextAreaField, TextField, UploadFormField, UrlFormField } from '@/components/form';
import { KeywordsField } from '@/components/keywords-field/KeywordsField';
import type { BuildSettings, StoreSettingsInput } from '@/features/app-builds/api/appBuilds';
import '@/features/app-builds/i18n';
import { imageRules } from '@/lib/image-rules';

/** The stores' limits (domain/appbuild, decision 1200): the client rules mirror the server's. */
export const LIMITS = { app_name: 30, promotional_text: 170, short_description: 80, long_description: 4000, keywords: 100 } as const;


/** The form's values: URL, colour and image widgets hold null for "none". */
export interface StoreSettingsValues {
  app_name: string;
  promotional_text: string;
  short_description: string;
  long_description: string;
  keywords: string[];
  primary_color: string | null;
  secondary_color: string | null;
  support_url: string | null;
  privacy_url: string | null;
  marketing_url: string | null;
  icon_id: string | null;
  splash_id: string | null;
}

export function storeSettingsValues(s: BuildSettings): StoreSettingsValues {
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    app_name: s.app_name,
    promotional_text: s.promotional_text,
    short_description: s.short_description,
    long_description: s.long_description,
    keywords: s.keywords ?? [],
    primary_color: orNull(s.primary_color),
    secondary_color: orNull(s.secondary_color),
    support_url: orNull(s.support_url),
    privacy_url: orNull(s.privacy_url),
    marketing_url: orNull(s.marketing_url),
    icon_id: orNull(s.icon_id),
    splash_id: orNull(s.splash_id),
  };
}

/** The PUT body: every field, empty text for "not filled in" (decision 0523). */
export function storeSettingsBody(v: StoreSettingsValues): StoreSettingsInput {
  return {
    app_name: v.app_name.trim(),
    promotional_text: v.promotional_text.trim(),
    short_description: v.short_description.trim(),
    long_description: v.long_description.trim(),
    keywords: v.keywords,
    primary_color: v.primary_color ?? '',
    secondary_color: v.secondary_color ?? '',
    support_url: v.support_url ?? '',
    privacy_url: v.privacy_url ?? '',
    marketing_url: v.marketing_url ?? '',
    icon_id: v.icon_id ?? '',
    splash_id: v.splash_id ?? '',
  };
}

export function storeSettingsSchema(t: TFunction) {
  const max = (field: keyof typeof LIMITS) =>
    yup
      .string()
      .max(LIMITS[field], t('errors.maxLength', { field: t(`appBuilds.fields.${field}`).toLowerCase(), length: LIMITS[field] }));
  return yup.object({
    app_name: max('app_name'),
    promotional_text: max('promotional_text'),
    short_description: max('short_description'),
    long_description: max('long_description'),
    keywords: yup
      .array(yup.string())
      .test('joined', t('appBuilds.errors.keywords', { max: LIMITS.keywords }), (k) => (k ?? []).join(',').length <= LIMITS.keywords),
  });
}

function KeywordsFormField({ label }: { label: string }) {
  const [field, meta, helpers] = useField<string[]>('keywords');
  return (
    <KeywordsField
      label={label}
      name="keywords"
      value={field.value}
      max={LIMITS.keywords}
      error={meta.error}
      onChange={(value) => void helpers.setValue(value)}
    />
  );
}

/** The store settings form's sections, with which store needs what (hints). */
export function StoreSettingsInputs({ iconUrl, splashUrl }: { iconUrl?: string | null; splashUrl?: string | null }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`appBuilds.fields.${field}`);
  const hint = (key: string) => t(`appBuilds.hints.${key}`);
  return (
    <>
      <FormSection title={t('appBuilds.sections.texts')} description={t('appBuilds.sections.textsDescription')}>
        <TextField name="app_name" label={label('app_name')} maxLength={LIMITS.app_name} hint={hint('app_name')} />
        <TextField
          name="short_description"
          label={label('short_description')}
          maxLength={LIMITS.short_description}
          hint={hint('short_description')}
        />
        <TextAreaField name="promotional_text" label={label('promotional_text')} rows={3} hint={hint('promotional_text')} />
        <TextAreaField name="long_description" label={label('long_description')} rows={8} hint={hint('long_description')} />
        <KeywordsFormField label={label('keywords')} />
      </FormSection>
      <FormSection title={t('appBuilds.sections.look')} description={t('appBuilds.sections.lookDescription')}>
        <ColorFormField name="primary_color" label={label('primary_color')} />
        <ColorFormField name="secondary_color" label={label('secondary_color')} />
        <UploadFormField
          name="icon_id"
          label={label('icon_id')}
          previewUrl={iconUrl}
          rules={imageRules('app_build.icon_id')}
          reencode={false}
          uploadOptions={{ visibility: 'public', path: 'app-builds' }}
        />
        <UploadFormField
          name="splash_id"
          label={label('splash_id')}
          previewUrl={splashUrl}
          rules={imageRules('app_build.splash_id')}
          uploadOptions={{ visibility: 'public', path: 'app-builds' }}
        />
      </FormSection>
      <FormSection title={t('appBuilds.sections.links')}>
        <UrlFormField name="support_url" label={label('support_url')} />
        <UrlFormField name="privacy_url" label={label('privacy_url')} />
        <UrlFormField name="marketing_url" label={label('marketing_url')} />
      </FormSection>
    </>
  );
}
