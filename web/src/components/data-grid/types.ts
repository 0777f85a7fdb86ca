import type { ReactNode } from 'react';
import type { QueryValue } from '@/lib/api-client';
import type { ListSort, ListSource } from '@/lib/list';

export interface DataGridColumn<Row> {
  /** The row field shown, and the sort key sent to the server. */
  field: string;
  header: string;
  sortable?: boolean;
  width?: number;
  flex?: number;
  render?: (row: Row) => ReactNode;
}

export interface DataGridProps<Row> {
  label: string;
  columns: DataGridColumn<Row>[];
  source: ListSource<Row>;
  getRowId: (row: Row) => string;
  search?: string;
  filter?: Record<string, QueryValue>;
  defaultSort?: ListSort;
  itemsPerPage?: number;
  emptyMessage: string;
  /** Change it to drop cached rows and ask the server again (e.g. after a delete). */
  refreshKey?: unknown;
  onRowClicked?: (row: Row) => void;
}

export const DEFAULT_ITEMS_PER_PAGE = 25;
