import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/lib/api/types';
import { fetchApplication } from '@/lib/application';
import { fetchList } from '@/lib/list';
import { resourceApi, type CommandResult } from '@/lib/resource';
import { useContextStore } from '@/stores/context';

export type ThemedPage = Answer<'/v1/admin/themed-pages/{page_id}', 'get'>['data'];
export type ThemedPageRow = Answer<'/v1/admin/themed-pages', 'get'>['data'][number];
export type ThemedPageInput = Omit<RequestBody<'/v1/admin/themed-pages/{page_id}', 'put'>, 'version'>;
export type ThemedBlockInput = ThemedPageInput['blocks'][number];
export type BlockType = 'heading' | 'text' | 'image' | 'button';

export const BLOCK_TYPES: BlockType[] = ['heading', 'text', 'image', 'button'];

/** The server's bounds (domain/themedpage, decision 1640). */
export const LIMITS = { title: 100, heading: 150, text: 5000, alt: 200, label: 60, url: 2000, blocks: 50, pages: 100 } as const;

export const themedPagesApi = resourceApi<ThemedPage, ThemedPageInput>('themed-pages');

const key = ['themed-pages'] as const;
const base = '/v1/admin/themed-pages';
const item = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** Every page of the application, in its order (an application has at most LIMITS.pages). */
export function useThemedPages() {
  return useQuery({
    queryKey: [...key, 'all'],
    queryFn: async ({ signal }) =>
      (await fetchList<ThemedPageRow>(base, { page: 1, itemsPerPage: LIMITS.pages, sort: { field: 'position', direction: 'asc' } }, signal)).rows,
  });
}

export function useThemedPage(id: string) {
  return useQuery({ queryKey: [...key, id], queryFn: ({ signal }) => themedPagesApi.get(id, signal) });
}

/** The colours (and name, logo) of the application the pages belong to: what the app shows them in. */
export function useApplicationTheme() {
  const applicationId = useContextStore((state) => state.applicationId);
  return useQuery({
    queryKey: [...key, 'theme', applicationId],
    queryFn: ({ signal }) => fetchApplication(signal),
    staleTime: 5 * 60_000,
  });
}

function useInvalidating<Args>(fn: (args: Args) => Promise<CommandResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export function useSaveThemedPage() {
  return useInvalidating(({ id, input, version }: { id?: string; input: ThemedPageInput; version?: number }) =>
    id && version !== undefined ? themedPagesApi.update(id, { ...input, version }) : themedPagesApi.create(input),
  );
}

export function useDeleteThemedPage() {
  return useInvalidating((id: string) => themedPagesApi.remove(id));
}

export function usePublishThemedPage() {
  return useInvalidating(({ id, publish }: { id: string; publish: boolean }) =>
    api<CommandResult>(`${item(id)}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST' }),
  );
}

export function useReorderThemedPages() {
  return useInvalidating((pageIds: string[]) => api<CommandResult>(`${base}/reorder`, { method: 'POST', body: { page_ids: pageIds } }));
}
