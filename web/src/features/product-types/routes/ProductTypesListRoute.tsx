import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { productTypeApi } from '@/features/product-types/api/product-types';
import type { ProductType } from '@/features/product-types/api/types';
import { productTypeColumns } from '@/features/product-types/components/ProductTypeColumns';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

export function ProductTypesListRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);

  const columns = useMemo<DataGridColumn<ProductType>[]>(
    () => [
      ...productTypeColumns(t),
      {
        field: 'actions',
        header: t('common.actions'),
        width: 140,
        render: (row) => <RowActions actions={[{ label: t('common.edit'), icon: 'edit', to: `/admin/product-types/${row.id}` }]} />,
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('productTypes.title')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            <Link className="button button--primary" to="/admin/product-types/create">
              {t('productTypes.create')}
            </Link>
          </>
        }
      />
      <DataGrid<ProductType>
        label={t('productTypes.title')}
        columns={columns}
        source={productTypeApi.list}
        getRowId={(row) => row.id}
        search={debouncedSearch}
        defaultSort={NAME_SORT}
        emptyMessage={t('productTypes.empty')}
        emptyAction={
          <Link className="button button--primary" to="/admin/product-types/create">
            {t('productTypes.create')}
          </Link>
        }
        onClearSearch={() => setSearch('')}
        rowHref={(row) => `/admin/product-types/${row.id}`}
      />
    </>
  );
}
