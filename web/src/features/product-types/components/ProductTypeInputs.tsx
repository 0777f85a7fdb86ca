import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { TextField } from '@/components/form';
import type { ProductTypeInput } from '@/features/product-types/api/types';

export function productTypeSchema(t: TFunction) {
  const field = t('productTypes.name').toLowerCase();
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field }))
      .max(100, t('errors.maxLength', { field, length: 100 })),
  });
}

export const emptyProductType: ProductTypeInput = { name: '' };

export function ProductTypeInputs() {
  const { t } = useTranslation();
  return <TextField name="name" label={t('productTypes.name')} autoFocus />;
}
