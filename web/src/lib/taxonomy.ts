import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';
import { fetchList } from '@/lib/list';

/**
 * The application's categories, tags and labels as choices for the pickers of other
 * features (the activity form, the wallet form): shared here because features do not
 * import each other (web-002). The taxonomy feature's own screens invalidate these
 * under the same first key.
 */
export const taxonomyKey = ['taxonomy'] as const;

export interface Choice {
  value: string;
  label: string;
}

/** The pickers show up to this many (an application's vocabulary, not its data). */
const PICKER_SIZE = 1000;

type Category = Answer<'/v1/admin/categories/{category_id}', 'get'>['data'];
type Label = Answer<'/v1/admin/labels/{label_id}', 'get'>['data'];
type Tag = Answer<'/v1/admin/tags/{tag_id}', 'get'>['data'];

export function useCategoryChoices(enabled = true) {
  return useQuery({
    queryKey: [...taxonomyKey, 'choices', 'categories'],
    enabled,
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (await fetchList<Category>('/v1/admin/categories', { page: 1, itemsPerPage: PICKER_SIZE }, signal)).rows.map((c) => ({
        value: c.id,
        label: c.title,
      })),
  });
}

export function useTagChoices(enabled = true) {
  return useQuery({
    queryKey: [...taxonomyKey, 'choices', 'tags'],
    enabled,
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (await api<{ data: Tag[] }>('/v1/admin/tags/all', { signal })).data.map((tag) => ({ value: tag.id, label: tag.name })),
  });
}

export function useLabelChoices(enabled = true) {
  return useQuery({
    queryKey: [...taxonomyKey, 'choices', 'labels'],
    enabled,
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (await fetchList<Label>('/v1/admin/labels', { page: 1, itemsPerPage: PICKER_SIZE }, signal)).rows.map((l) => ({
        value: l.id,
        label: l.name,
      })),
  });
}
