export const CHUNK_RELOAD_FLAG = 'move.chunk-reload';

/**
 * Wraps a dynamic import: a chunk that fails to load (usually a deploy replaced it)
 * reloads the page once; the session flag stops a reload loop, and the next
 * successful load clears it.
 */
export function importWithReload<Module>(
  importer: () => Promise<Module>,
  reload: () => void = () => window.location.reload(),
): () => Promise<Module> {
  return async () => {
    try {
      const loaded = await importer();
      sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
      return loaded;
    } catch (error) {
      if (sessionStorage.getItem(CHUNK_RELOAD_FLAG)) {
        sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
        throw error;
      }
      sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
      reload();
      // The page is going away; never settle so nothing renders an error meanwhile.
      return new Promise<Module>(() => {});
    }
  };
}
