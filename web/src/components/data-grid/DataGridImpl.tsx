import {
  ColumnApiModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  RowStyleModule,
  themeQuartz,
  type ColDef,
  type GridApi,
  type GridReadyEvent,
  type IDatasource,
  type RowClickedEvent,
  type SortModelItem,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadColumnState, saveColumnState } from '@/components/data-grid/column-state';
import { DEFAULT_ITEMS_PER_PAGE, type DataGridProps } from '@/components/data-grid/types';
import { EmptyState } from '@/components/ui/EmptyState';
import { Icon } from '@/components/ui/Icon';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { formatCount } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { ListSort } from '@/lib/list';
import { useMediaQuery } from '@/lib/use-media-query';
import { useAuthStore } from '@/stores/auth';

// Only what the grids use: AllCommunityModule would add ~300 KB gzip. ColumnApi reads and
// restores the user's column widths and order; RowStyle gives rows that open a record their
// class (`rowClass`; without it ag-grid drops the class and logs error #200).
ModuleRegistry.registerModules([InfiniteRowModelModule, LocaleModule, ColumnApiModule, RowStyleModule]);

// The app's own font (styles.css), not the theme's IBM Plex Sans.
const GRID_THEME = themeQuartz.withParams({ fontFamily: 'inherit' });

const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 44;
// Room for a horizontal scrollbar, so the last row is never hidden under it.
const SCROLLBAR_ALLOWANCE = 14;
const STATE_AREA_HEIGHT = 240;

interface Result {
  status: 'loading' | 'ready' | 'failed';
  total: number;
  /** Rows on the page shown. */
  count: number;
}

function toListSort(model: SortModelItem[], fallback: ListSort | undefined): ListSort | null {
  const first = model[0];
  if (!first) return fallback ?? null;
  return { field: first.colId, direction: first.sort };
}

/** Clicks on a cell's own controls (links, buttons, switches) are theirs, not the row's. */
function onControl(event: Event | null | undefined): boolean {
  const target = event?.target;
  return target instanceof Element && target.closest('a, button, input, select, textarea, label') !== null;
}

/**
 * One page at a time (the pager below the grid): ag-grid's infinite row model with one
 * block the size of a page, fed by the list contract; the grid is as tall as its rows, so
 * the page scrolls, not the grid.
 */
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
  emptyAction,
  filtered,
  onClearSearch,
  refreshKey,
  rowHref,
  onRowClicked,
  stateKey,
  onPageShown,
}: DataGridProps<Row>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const api = useRef<GridApi<Row> | null>(null);
  // The latest callback, read when a page arrives: a new function does not refetch.
  const onPage = useRef(onPageShown);
  useEffect(() => {
    onPage.current = onPageShown;
  }, [onPageShown]);
  const page = useRef(1);
  const sortShown = useRef<string | null>(null);
  const latestRequest = useRef(0);
  const [shownPage, setShownPage] = useState(1);
  const [result, setResult] = useState<Result>({ status: 'loading', total: 0, count: 0 });
  const narrow = useMediaQuery('(max-width: 599px)');
  const userId = useAuthStore((state) => state.user?.id ?? 'anonymous');
  const storageKey = `move.grid.${userId}.${stateKey ?? columns.map((column) => column.field).join(',')}`;

  const keyField = (columns.find((column) => column.key) ?? columns.find((column) => column.sortable) ?? columns[0])?.field;
  const columnDefs = useMemo<ColDef<Row>[]>(
    () =>
      columns.map((column) => ({
        colId: column.field,
        field: column.field as ColDef<Row>['field'],
        headerName: column.header,
        sortable: column.sortable ?? false,
        width: column.width,
        flex: column.width ? undefined : (column.flex ?? 1),
        // Wide enough for the whole header and its sort arrow: headers are never cut off.
        minWidth: Math.max(column.width ?? 0, 96, column.header.length * 8 + (column.sortable ? 56 : 36)),
        pinned: narrow && column.field === keyField ? 'left' : null,
        lockPinned: true,
        sort: defaultSort?.field === column.field ? defaultSort.direction : undefined,
        cellRenderer: column.render
          ? ({ data }: { data: Row | undefined }) => (data === undefined ? null : column.render?.(data))
          : undefined,
      })),
    [columns, defaultSort, narrow, keyField],
  );

  const goTo = useCallback((wanted: number) => {
    page.current = wanted;
    setShownPage(wanted);
    api.current?.refreshInfiniteCache();
  }, []);

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        const sort = toListSort(params.sortModel, defaultSort);
        // A new sort starts on the first page.
        const sortKey = JSON.stringify(sort);
        if (sortShown.current !== null && sortShown.current !== sortKey) page.current = 1;
        sortShown.current = sortKey;
        const request = ++latestRequest.current;
        const wanted = page.current;
        setShownPage(wanted);
        setResult((previous) => ({ ...previous, status: 'loading' }));
        source({ search, filter, sort, page: wanted, itemsPerPage }).then(
          (answer) => {
            params.successCallback(answer.rows, answer.rows.length);
            if (request !== latestRequest.current) return;
            const lastPage = Math.max(1, Math.ceil(answer.total / itemsPerPage));
            // Past the end (rows were deleted meanwhile): show the last page there is.
            if (answer.rows.length === 0 && wanted > lastPage) {
              page.current = lastPage;
              queueMicrotask(() => api.current?.refreshInfiniteCache());
              return;
            }
            setResult({ status: 'ready', total: answer.total, count: answer.rows.length });
            onPage.current?.(answer.rows);
          },
          () => {
            params.failCallback();
            if (request === latestRequest.current) setResult((previous) => ({ ...previous, status: 'failed' }));
          },
        );
      },
    }),
    [source, search, filter, defaultSort, itemsPerPage],
  );

  useEffect(() => {
    // Another search or filter: its first page.
    page.current = 1;
    api.current?.setGridOption('datasource', datasource);
  }, [datasource]);

  useEffect(() => {
    if (refreshKey !== undefined) api.current?.refreshInfiniteCache();
  }, [refreshKey]);

  const onGridReady = useCallback(
    (event: GridReadyEvent<Row>) => {
      api.current = event.api;
      const saved = loadColumnState(storageKey);
      if (saved) event.api.applyColumnState({ state: saved, applyOrder: true });
      event.api.setGridOption('datasource', datasource);
    },
    [datasource, storageKey],
  );

  const keepColumnState = useCallback(() => {
    if (api.current) saveColumnState(storageKey, api.current.getColumnState());
  }, [storageKey]);

  const rowClickable = Boolean(rowHref || onRowClicked);
  const onRowClick = useCallback(
    ({ data, event }: RowClickedEvent<Row>) => {
      if (data === undefined || onControl(event)) return;
      if (rowHref) void navigate(rowHref(data));
      else onRowClicked?.(data);
    },
    [navigate, onRowClicked, rowHref],
  );

  const { status, total, count } = result;
  const searchText = search?.trim() ?? '';
  const searching = searchText !== '' || Boolean(filtered);
  const empty = status === 'ready' && total === 0;
  const lastPage = Math.max(1, Math.ceil(total / itemsPerPage));
  const skeletonRows = Math.min(itemsPerPage, count || 5);
  const bodyHeight =
    status === 'failed' || empty ? STATE_AREA_HEIGHT : (status === 'loading' ? skeletonRows : count) * ROW_HEIGHT;
  const from = (shownPage - 1) * itemsPerPage + 1;

  return (
    <section className="data-grid" aria-label={label} data-state={empty ? 'empty' : status}>
      <div className="data-grid__frame" style={{ height: HEADER_HEIGHT + bodyHeight + SCROLLBAR_ALLOWANCE }}>
        <AgGridReact<Row>
          theme={GRID_THEME}
          columnDefs={columnDefs}
          rowModelType="infinite"
          cacheBlockSize={itemsPerPage}
          maxBlocksInCache={1}
          rowHeight={ROW_HEIGHT}
          headerHeight={HEADER_HEIGHT}
          getRowId={({ data }) => getRowId(data)}
          onGridReady={onGridReady}
          onRowClicked={rowClickable ? onRowClick : undefined}
          rowClass={rowClickable ? 'data-grid__row--link' : undefined}
          onColumnResized={(event) => {
            if (event.finished && event.source === 'uiColumnResized') keepColumnState();
          }}
          onDragStopped={keepColumnState}
          suppressCellFocus
          suppressNoRowsOverlay
          suppressMovableColumns={narrow}
          localeText={{ loadingOoo: t('grid.loading') }}
        />
        {status === 'loading' && (
          <div className="data-grid__overlay data-grid__skeleton" style={{ top: HEADER_HEIGHT }} aria-busy="true" data-testid="skeleton">
            <span className="visually-hidden" role="status">
              {t('grid.loading')}
            </span>
            {Array.from({ length: skeletonRows }, (_, index) => (
              <div key={index} className="data-grid__skeleton-row" style={{ height: ROW_HEIGHT }}>
                <span className="skeleton__line" />
              </div>
            ))}
          </div>
        )}
        {empty && (
          <div className="data-grid__overlay" style={{ top: HEADER_HEIGHT }}>
            {searching ? (
              <EmptyState
                title={searchText ? t('grid.noResults', { search: searchText }) : t('grid.noResultsFiltered')}
                message={t('grid.noResultsHint')}
                action={
                  onClearSearch && (
                    <button type="button" className="button" onClick={onClearSearch}>
                      {t('grid.clearSearch')}
                    </button>
                  )
                }
              />
            ) : (
              <EmptyState title={emptyMessage} action={emptyAction} />
            )}
          </div>
        )}
        {status === 'failed' && (
          <div className="data-grid__overlay" style={{ top: HEADER_HEIGHT }} role="alert">
            <LoadFailed onRetry={() => api.current?.refreshInfiniteCache()} />
          </div>
        )}
      </div>
      {total > 0 && status !== 'failed' && (
        <div className="data-grid__footer">
          <p className="data-grid__range" aria-live="polite">
            {t('grid.range', {
              from: formatCount(from, language),
              to: formatCount(from + Math.max(count, 1) - 1, language),
              total: formatCount(total, language),
            })}
          </p>
          {lastPage > 1 && (
            <nav className="pager" aria-label={t('grid.pages', { label })}>
              <button
                type="button"
                className="button button--small"
                disabled={shownPage <= 1 || status === 'loading'}
                onClick={() => goTo(shownPage - 1)}
              >
                <Icon name="chevronLeft" size={16} />
                <span className="pager__text">{t('grid.previous')}</span>
              </button>
              <span className="pager__position">
                {t('grid.pageOf', { page: formatCount(shownPage, language), pages: formatCount(lastPage, language) })}
              </span>
              <button
                type="button"
                className="button button--small"
                disabled={shownPage >= lastPage || status === 'loading'}
                onClick={() => goTo(shownPage + 1)}
              >
                <span className="pager__text">{t('grid.next')}</span>
                <Icon name="chevronRight" size={16} />
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
