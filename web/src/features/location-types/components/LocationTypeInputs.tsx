import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { TextField, UploadFormField } from '@/components/form';
import type { LocationTypeInput } from '@/features/location-types/api/types';
import { imageRules } from '@/lib/image-rules';

export function locationTypeSchema(t: TFunction) {
  const field = t('locationTypes.name').toLowerCase();
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field }))
      .max(100, t('errors.maxLength', { field, length: 100 })),
    icon_id: yup.string().nullable(),
  });
}

export const emptyLocationType: LocationTypeInput = { name: '', icon_id: null };

/** Map markers need a transparent png, so the icon goes up as it is (no re-encoding). */
export function LocationTypeInputs({ iconUrl }: { iconUrl?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField name="name" label={t('locationTypes.name')} autoFocus />
      <UploadFormField
        name="icon_id"
        label={t('locationTypes.icon')}
        previewUrl={iconUrl}
        rules={imageRules('location_type.icon_id')}
        reencode={false}
        uploadOptions={{ visibility: 'public', path: 'location-types', checkTransparency: true }}
      />
    </>
  );
}
