import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { SwitchField, TextField, UploadFormField } from '@/components/form';
import type { SportInput } from '@/features/sports/api/sports';
import { imageRules } from '@/lib/image-rules';

export function sportSchema(t: TFunction) {
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field: t('sports.name').toLowerCase() }))
      .max(100, t('errors.maxLength', { field: t('sports.name').toLowerCase(), length: 100 })),
    icon_id: yup.string().nullable(),
    highlighted: yup.boolean(),
  });
}

export const emptySport: SportInput = { name: '', icon_id: null, highlighted: false };

/** The inputs shared by the create and edit screens. */
export function SportInputs({ iconUrl }: { iconUrl?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField name="name" label={t('sports.name')} autoFocus />
      <UploadFormField
        name="icon_id"
        label={t('sports.icon')}
        previewUrl={iconUrl}
        rules={imageRules('sport.icon_id')}
        uploadOptions={{ visibility: 'public', path: 'sports' }}
      />
      <SwitchField name="highlighted" label={t('sports.highlighted')} />
    </>
  );
}
