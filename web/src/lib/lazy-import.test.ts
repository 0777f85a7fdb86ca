import { CHUNK_RELOAD_FLAG, importWithReload } from '@/lib/lazy-import';

describe('importWithReload', () => {
  beforeEach(() => sessionStorage.clear());

  it('returns the module and clears the flag', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    const load = importWithReload(() => Promise.resolve({ value: 1 }), vi.fn());
    await expect(load()).resolves.toEqual({ value: 1 });
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });

  it('reloads once when a chunk fails to load', async () => {
    const reload = vi.fn();
    const load = importWithReload(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), reload);
    void load();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBe('1');
  });

  it('does not loop: the second failure after a reload throws', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    const reload = vi.fn();
    const load = importWithReload(() => Promise.reject(new TypeError('boom')), reload);
    await expect(load()).rejects.toThrow('boom');
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });
});
