import { rowsForRange, sortParam, type ListQuery, type ListSource } from '@/lib/list';

const all = Array.from({ length: 60 }, (_, i) => ({ id: i }));
const pageOf = async (query: ListQuery) => ({
  rows: all.slice((query.page - 1) * query.itemsPerPage, query.page * query.itemsPerPage),
  total: all.length,
});
let source = vi.fn<ListSource<{ id: number }>>(pageOf);

describe('list contract', () => {
  beforeEach(() => {
    source = vi.fn<ListSource<{ id: number }>>(pageOf);
  });

  it('sorts ascending by name, descending with a minus', () => {
    expect(sortParam({ field: 'name', direction: 'asc' })).toBe('name');
    expect(sortParam({ field: 'name', direction: 'desc' })).toBe('-name');
    expect(sortParam(null)).toBeUndefined();
  });

  it('answers a block that matches a page with one call', async () => {
    const page = await rowsForRange(source, { startRow: 25, endRow: 50 }, { search: 'a' }, 25);
    expect(page.rows.map((row) => row.id)).toEqual(all.slice(25, 50).map((row) => row.id));
    expect(page.total).toBe(60);
    expect(source).toHaveBeenCalledTimes(1);
    expect(source).toHaveBeenCalledWith({ search: 'a', page: 2, itemsPerPage: 25 }, undefined);
  });

  it('spans pages when the block does not line up', async () => {
    const page = await rowsForRange(source, { startRow: 20, endRow: 45 }, {}, 25);
    expect(page.rows.map((row) => row.id)).toEqual(all.slice(20, 45).map((row) => row.id));
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('returns a short last block', async () => {
    const page = await rowsForRange(source, { startRow: 50, endRow: 75 }, {}, 25);
    expect(page.rows).toHaveLength(10);
  });
});

describe('pages by cursor (decision 0536)', () => {
  // A keyset list: every full page answers the cursor of the next; a page asked with
  // `after` starts after that cursor's row, whatever page number comes with it.
  const keyset = () =>
    vi.fn<ListSource<{ id: number }>>(async (query) => {
      const start = query.after ? Number(query.after.replace('after-', '')) + 1 : (query.page - 1) * query.itemsPerPage;
      const rows = all.slice(start, start + query.itemsPerPage);
      const last = rows.at(-1);
      return rows.length === query.itemsPerPage && last && last.id < all.length - 1
        ? { rows, total: all.length, nextCursor: `after-${last.id}` }
        : { rows, total: all.length };
    });

  it('asks the page after one it read by the cursor that page answered', async () => {
    const list = keyset();
    await rowsForRange(list, { startRow: 0, endRow: 20 }, { search: 'a' }, 20);
    const second = await rowsForRange(list, { startRow: 20, endRow: 40 }, { search: 'a' }, 20);
    const third = await rowsForRange(list, { startRow: 40, endRow: 60 }, { search: 'a' }, 20);
    expect(list.mock.calls.map(([query]) => query.after)).toEqual([undefined, 'after-19', 'after-39']);
    expect(second.rows.map((row) => row.id)).toEqual(all.slice(20, 40).map((row) => row.id));
    expect(third.rows.map((row) => row.id)).toEqual(all.slice(40, 60).map((row) => row.id));
  });

  it('starts again by offset for another search, sort or filter, and for a far jump', async () => {
    const list = keyset();
    await rowsForRange(list, { startRow: 0, endRow: 20 }, { search: 'a' }, 20);
    await rowsForRange(list, { startRow: 20, endRow: 40 }, { search: 'b' }, 20);
    await rowsForRange(list, { startRow: 20, endRow: 40 }, { search: 'a', sort: { field: 'name', direction: 'desc' } }, 20);
    await rowsForRange(list, { startRow: 20, endRow: 40 }, { search: 'a', filter: { state: 'pending' } }, 20);
    await rowsForRange(list, { startRow: 40, endRow: 60 }, { search: 'a' }, 20);
    expect(list.mock.calls.map(([query]) => query.after)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(list.mock.calls.at(-1)?.[0].page).toBe(3);
  });

  it('keeps to offsets for lists that answer no cursor', async () => {
    const offsets = vi.fn<ListSource<{ id: number }>>(pageOf);
    await rowsForRange(offsets, { startRow: 0, endRow: 25 }, {}, 25);
    await rowsForRange(offsets, { startRow: 25, endRow: 50 }, {}, 25);
    expect(offsets.mock.calls.map(([query]) => [query.page, query.after])).toEqual([
      [1, undefined],
      [2, undefined],
    ]);
  });
});
