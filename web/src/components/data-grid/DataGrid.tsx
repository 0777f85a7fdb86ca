import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/Skeleton';
import type { DataGridProps } from '@/components/data-grid/types';
import { importWithReload } from '@/lib/lazy-import';

// ag-grid is the heaviest dependency: it loads with the first screen that shows a grid.
const DataGridImpl = lazy(importWithReload(() => import('@/components/data-grid/DataGridImpl')));

/**
 * Every table goes through here: ag-grid fed by the list contract, one page at a time with
 * the count and a pager, skeleton rows, one empty state, an inline error with retry.
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  return (
    <Suspense fallback={<Skeleton lines={6} />}>
      <DataGridImpl {...(props as DataGridProps<unknown>)} />
    </Suspense>
  );
}

export type { DataGridColumn, DataGridProps } from '@/components/data-grid/types';
export { RowActions, type RowAction } from '@/components/data-grid/RowActions';
