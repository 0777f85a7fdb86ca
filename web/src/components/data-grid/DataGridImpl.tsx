import {
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  type ColDef,
  type GridApi,
  type GridReadyEvent,
  type IDatasource,
  type SortModelItem,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/Skeleton';
import { rowsForRange, type ListSort } from '@/lib/list';
import { DEFAULT_ITEMS_PER_PAGE, type DataGridProps } from '@/components/data-grid/types';

// Only what the grids use: AllCommunityModule would add ~300 KB gzip.
ModuleRegistry.registerModules([InfiniteRowModelModule, LocaleModule]);

type LoadState = 'loading' | 'ready' | 'empty' | 'failed';

function toListSort(model: SortModelItem[], fallback: ListSort | undefined): ListSort | null {
  const first = model[0];
  if (!first) return fallback ?? null;
  return { field: first.colId, direction: first.sort };
}

export default function DataGridImpl<Row>({
  label,
  columns,
  source,
  getRowId,
  search,
  filter,
  defaultSort,
  itemsPerPage = DEFAULT_ITEMS_PER_PAGE,
  emptyMessage,
  refreshKey,
  onRowClicked,
}: DataGridProps<Row>) {
  const { t } = useTranslation();
  const api = useRef<GridApi<Row> | null>(null);
  const [state, setState] = useState<LoadState>('loading');

  const columnDefs = useMemo<ColDef<Row>[]>(
    () =>
      columns.map((column) => ({
        colId: column.field,
        field: column.field as ColDef<Row>['field'],
        headerName: column.header,
        sortable: column.sortable ?? false,
        width: column.width,
        flex: column.width ? undefined : (column.flex ?? 1),
        sort: defaultSort?.field === column.field ? defaultSort.direction : undefined,
        cellRenderer: column.render
          ? ({ data }: { data: Row | undefined }) => (data === undefined ? null : column.render?.(data))
          : undefined,
      })),
    [columns, defaultSort],
  );

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        if (params.startRow === 0) setState('loading');
        rowsForRange(
          source,
          params,
          { search, filter, sort: toListSort(params.sortModel, defaultSort) },
          itemsPerPage,
        ).then(
          (page) => {
            params.successCallback(page.rows, page.total);
            if (params.startRow === 0) setState(page.total === 0 ? 'empty' : 'ready');
          },
          () => {
            params.failCallback();
            setState('failed');
          },
        );
      },
    }),
    [source, search, filter, defaultSort, itemsPerPage],
  );

  useEffect(() => {
    api.current?.setGridOption('datasource', datasource);
  }, [datasource]);

  useEffect(() => {
    if (refreshKey !== undefined) api.current?.refreshInfiniteCache();
  }, [refreshKey]);

  const onGridReady = useCallback(
    (event: GridReadyEvent<Row>) => {
      api.current = event.api;
      event.api.setGridOption('datasource', datasource);
    },
    [datasource],
  );

  return (
    <div className="data-grid" aria-label={label} data-state={state}>
      <AgGridReact<Row>
        columnDefs={columnDefs}
        rowModelType="infinite"
        cacheBlockSize={itemsPerPage}
        maxBlocksInCache={20}
        getRowId={({ data }) => getRowId(data)}
        onGridReady={onGridReady}
        onRowClicked={onRowClicked ? ({ data }) => data && onRowClicked(data) : undefined}
        suppressCellFocus
        localeText={{ loadingOoo: t('grid.loading') }}
      />
      {state === 'empty' && (
        <div className="data-grid__overlay">
          <EmptyState message={emptyMessage} />
        </div>
      )}
    </div>
  );
}
