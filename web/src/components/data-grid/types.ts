import type { ReactNode } from 'react';
import type { QueryValue } from '@/lib/api-client';
import type { ListSort, ListSource } from '@/lib/list';

export interface DataGridColumn<Row> {
  /** The row field shown, and the sort key sent to the server. */
  field: string;
  header: string;
  /** Every column the API can sort by says so: its header sorts (asc, desc, back to the default). */
  sortable?: boolean;
  width?: number;
  flex?: number;
  render?: (row: Row) => ReactNode;
  /**
   * The column that names the row (the first sortable one unless another says so): it stays
   * pinned on the left when a phone scrolls the grid sideways.
   */
  key?: boolean;
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
  /** The empty list ("No sports yet"); a search or filter without results gets its own words. */
  emptyMessage: string;
  /** The next step on an empty list, e.g. the "New sport" link. */
  emptyAction?: ReactNode;
  /** A filter the user chose is on (not a fixed one of the screen): finding nothing is "no results", not "nothing yet". */
  filtered?: boolean;
  /** Offered as "Clear search" when a search or filter finds nothing. */
  onClearSearch?: () => void;
  /** Change it to drop cached rows and ask the server again (e.g. after a delete). */
  refreshKey?: unknown;
  /** A click on a row (outside its buttons and links) opens this address: the record. */
  rowHref?: (row: Row) => string;
  onRowClicked?: (row: Row) => void;
  /**
   * Where the user's column widths and order are kept (localStorage, per user); defaults to
   * the column fields, which identify a grid across languages.
   */
  stateKey?: string;
  /** The rows of the page now shown, each time one arrives: e.g. for "select this page" of a bulk action. */
  onPageShown?: (rows: Row[]) => void;
}

export const DEFAULT_ITEMS_PER_PAGE = 25;
