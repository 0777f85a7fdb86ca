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
