import { api, type QueryValue } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';

/**
 * The one list contract every grid and picker uses: search, sort and a page in,
 * rows and the total out. The server pages by `page` and `itemsPerPage`; lists that
 * page by keyset also answer `next_cursor`, and `after` (with it) asks the next page
 * from the sort index at the first page's cost (decision 0536).
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
  /** The previous page's `nextCursor`: the server reads this page by keyset, not offset. */
  after?: string;
}

export interface ListPage<Row> {
  rows: Row[];
  total: number;
  /** Names the page after this one, on lists that page by keyset (absent on the last page). */
  nextCursor?: string;
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
      after: query.after,
    },
  });
  const { total, next_cursor: nextCursor } = response.meta.pagination;
  return nextCursor ? { rows: response.data, total, nextCursor } : { rows: response.data, total };
}

/** Binds a list endpoint to the list contract. */
export function listSource<Row>(path: string): ListSource<Row> {
  return (query, signal) => fetchList<Row>(path, query, signal);
}

/**
 * The cursors a source answered, per query (search, sort, filter, page size) and page
 * number: the `nextCursor` of page N asks page N + 1. A query of another sort or filter
 * has its own, so a stale cursor is never sent (decision 0536).
 */
const cursors = new WeakMap<object, Map<string, string>>();

function cursorKey(base: Omit<ListQuery, 'page' | 'itemsPerPage' | 'after'>, itemsPerPage: number, page: number): string {
  return JSON.stringify([base.search?.trim() ?? '', sortParam(base.sort) ?? '', base.filter ?? {}, itemsPerPage, page]);
}

/**
 * Answers a grid's request for rows [startRow, endRow) from page-sized calls,
 * so the grid's block size need not equal the server's page size. A page whose
 * cursor is known (the grid read the page before it) is asked by cursor; the first
 * page, and a jump past the pages read so far, by offset.
 */
export async function rowsForRange<Row>(
  source: ListSource<Row>,
  range: { startRow: number; endRow: number },
  base: Omit<ListQuery, 'page' | 'itemsPerPage' | 'after'>,
  itemsPerPage: number,
  signal?: AbortSignal,
): Promise<ListPage<Row>> {
  const firstPage = Math.floor(range.startRow / itemsPerPage) + 1;
  const lastPage = Math.floor((range.endRow - 1) / itemsPerPage) + 1;
  let known = cursors.get(source);
  if (!known) {
    known = new Map();
    cursors.set(source, known);
  }
  const memory = known;
  const pages: ListPage<Row>[] = [];
  // In order: each page may answer the cursor of the next.
  for (let page = firstPage; page <= lastPage; page++) {
    const after = page > 1 ? memory.get(cursorKey(base, itemsPerPage, page)) : undefined;
    const answer = await source({ ...base, page, itemsPerPage, ...(after ? { after } : {}) }, signal);
    if (answer.nextCursor) memory.set(cursorKey(base, itemsPerPage, page + 1), answer.nextCursor);
    pages.push(answer);
  }
  const offset = range.startRow - (firstPage - 1) * itemsPerPage;
  const rows = pages.flatMap((page) => page.rows).slice(offset, offset + (range.endRow - range.startRow));
  return { rows, total: pages[0]?.total ?? 0 };
}
