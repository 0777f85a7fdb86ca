import { api, type QueryValue } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';

/**
 * The one list contract every grid and picker uses: search, sort and a page in,
 * rows and the total out. The server pages by `page` and `itemsPerPage`.
 */
export interface ListSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ListQuery {
  search?: string;
  sort?: ListSort | null;
  page: number;
  itemsPerPage: number;
  /** Extra filters, sent as query parameters as they are. */
  filter?: Record<string, QueryValue>;
}

export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

export interface ListResponse<Row> {
  data: Row[];
  meta: Answer<'/v1/admin/sports', 'get'>['meta'];
}

export type ListSource<Row> = (query: ListQuery, signal?: AbortSignal) => Promise<ListPage<Row>>;

/** "name" ascending, "-name" descending. */
export function sortParam(sort: ListSort | null | undefined): string | undefined {
  if (!sort) return undefined;
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field;
}

export async function fetchList<Row>(path: string, query: ListQuery, signal?: AbortSignal): Promise<ListPage<Row>> {
  const response = await api<ListResponse<Row>>(path, {
    signal,
    query: {
      ...query.filter,
      search: query.search?.trim() || undefined,
      sort: sortParam(query.sort),
      page: query.page,
      itemsPerPage: query.itemsPerPage,
    },
  });
  return { rows: response.data, total: response.meta.pagination.total };
}

/** Binds a list endpoint to the list contract. */
export function listSource<Row>(path: string): ListSource<Row> {
  return (query, signal) => fetchList<Row>(path, query, signal);
}

/**
 * Answers a grid's request for rows [startRow, endRow) from page-sized calls,
 * so the grid's block size need not equal the server's page size.
 */
export async function rowsForRange<Row>(
  source: ListSource<Row>,
  range: { startRow: number; endRow: number },
  base: Omit<ListQuery, 'page' | 'itemsPerPage'>,
  itemsPerPage: number,
  signal?: AbortSignal,
): Promise<ListPage<Row>> {
  const firstPage = Math.floor(range.startRow / itemsPerPage) + 1;
  const lastPage = Math.floor((range.endRow - 1) / itemsPerPage) + 1;
  const pages = await Promise.all(
    Array.from({ length: lastPage - firstPage + 1 }, (_, i) =>
      source({ ...base, page: firstPage + i, itemsPerPage }, signal),
    ),
  );
  const offset = range.startRow - (firstPage - 1) * itemsPerPage;
  const rows = pages.flatMap((page) => page.rows).slice(offset, offset + (range.endRow - range.startRow));
  return { rows, total: pages[0]?.total ?? 0 };
}
