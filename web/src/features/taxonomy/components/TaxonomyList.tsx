import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import type { ListSource } from '@/lib/list';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import '@/features/taxonomy/i18n';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

/** A list of categories, tags or labels: search, sort by name, a row opens its form. */
export function TaxonomyList<Row extends { id: string }>({
  kind,
  columns,
  source,
  mayCreate,
  mayOpen,
}: {
  kind: 'categories' | 'tags' | 'labels';
  columns: DataGridColumn<Row>[];
  source: ListSource<Row>;
  mayCreate: boolean;
  mayOpen: (row: Row) => boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const create = mayCreate && (
    <Link className="button button--primary" to="create">
      {t(`taxonomy.${kind}.create`)}
    </Link>
  );
  return (
    <>
      <PageHeader
        title={t(`taxonomy.${kind}.title`)}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            {create}
          </>
        }
      />
      <DataGrid<Row>
        label={t(`taxonomy.${kind}.title`)}
        columns={columns}
        source={source}
        getRowId={(row) => row.id}
        search={debouncedSearch}
        defaultSort={NAME_SORT}
        emptyMessage={t(`taxonomy.${kind}.empty`)}
        emptyAction={create}
        onClearSearch={() => setSearch('')}
        onRowClicked={(row) => mayOpen(row) && void navigate(row.id)}
      />
    </>
  );
}
