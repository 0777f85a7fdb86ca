import type { TFunction } from 'i18next';
import type { DataGridColumn } from '@/components/data-grid/DataGrid';
import type { ProductType } from '@/features/product-types/api/types';

/** Kept apart from the form inputs so the list screen does not load yup and formik. */
export function productTypeColumns(t: TFunction): DataGridColumn<ProductType>[] {
  return [{ field: 'name', header: t('productTypes.name'), sortable: true, flex: 1 }];
}
