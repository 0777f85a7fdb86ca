import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/Skeleton';
import type { DataGridProps } from '@/components/data-grid/types';
import { importWithReload } from '@/lib/lazy-import';

// ag-grid is the heaviest dependency: it loads with the first screen that shows a grid.
const DataGridImpl = lazy(importWithReload(() => import('@/components/data-grid/DataGridImpl')));

/** Every table goes through here: ag-grid's infinite row model fed by the list contract. */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  return (
    <Suspense fallback={<Skeleton lines={6} />}>
      <DataGridImpl {...(props as DataGridProps<unknown>)} />
    </Suspense>
  );
}

export type { DataGridColumn, DataGridProps } from '@/components/data-grid/types';
