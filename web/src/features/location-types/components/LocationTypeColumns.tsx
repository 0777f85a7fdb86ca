import type { TFunction } from 'i18next';
import type { DataGridColumn } from '@/components/data-grid/DataGrid';
import type { LocationType } from '@/features/location-types/api/types';

/** Kept apart from the form inputs so the list screen does not load yup and formik. */
export function locationTypeColumns(t: TFunction): DataGridColumn<LocationType>[] {
  return [
    {
      field: 'icon_url',
      header: t('locationTypes.icon'),
      width: 90,
      render: (row) => (row.icon_url ? <img className="grid-icon" src={row.icon_url} alt="" /> : null),
    },
    { field: 'name', header: t('locationTypes.name'), sortable: true, flex: 2 },
  ];
}
