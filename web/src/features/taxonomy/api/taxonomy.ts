import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityFilter,
  Category,
  CategoryInput,
  CoveredOffer,
  Label,
  OrganizationFilter,
  OrganizationFilterInput,
  ProductFilter,
  Tag,
  TagInput,
} from '@/features/taxonomy/api/types';
import { api } from '@/lib/api-client';
import { listSource, type ListSource } from '@/lib/list';
import { resourceApi, type CommandResult, type ResourceApi } from '@/lib/resource';
import { taxonomyKey } from '@/lib/taxonomy';

export const categories = resourceApi<Category, CategoryInput>('categories');
export const tags = resourceApi<Tag, TagInput>('tags');
export const labels = resourceApi<Label, { name: string }>('labels');

const labelPath = (id: string) => `/v1/admin/labels/${encodeURIComponent(id)}`;

/** The offers a label covers, and why (by hand, by its activity filter, by its organisation filter). */
export function coverageList(labelId: string): ListSource<CoveredOffer> {
  return listSource<CoveredOffer>(`${labelPath(labelId)}/coverage`);
}

export function useItem<Row, Input>(resource: ResourceApi<Row, Input>, kind: string, id: string) {
  return useQuery({ queryKey: [...taxonomyKey, kind, id], queryFn: ({ signal }) => resource.get(id, signal) });
}

/** Every taxonomy query, the other features' pickers included (lib/taxonomy), is stale after a write. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: taxonomyKey });
}

export function useSave<Row, Input>(resource: ResourceApi<Row, Input>) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input, version }: { id?: string; input: Input; version?: number }) =>
      id && version !== undefined ? resource.update(id, { ...input, version }) : resource.create(input),
    onSuccess: invalidate,
  });
}

export function useRemove<Row, Input>(resource: ResourceApi<Row, Input>) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => resource.remove(id), onSuccess: invalidate });
}

export function useSaveActivityFilter(labelId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ActivityFilter & { version?: number }) =>
      api<CommandResult>(`${labelPath(labelId)}/activity-filter`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

/** The label's product filter (decision 1001). */
export function useSaveProductFilter(labelId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ProductFilter & { version?: number }) =>
      api<CommandResult>(`${labelPath(labelId)}/product-filter`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

/** The label's organisation filter: the organisations whose offers it covers (decision 0614). */
export function useOrganizationFilter(labelId: string) {
  return useQuery({
    queryKey: [...taxonomyKey, 'labels', labelId, 'organization-filter'],
    queryFn: async ({ signal }) => (await api<{ data: OrganizationFilter }>(`${labelPath(labelId)}/organization-filter`, { signal })).data,
  });
}

export function useSaveOrganizationFilter(labelId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: OrganizationFilterInput) =>
      api<CommandResult>(`${labelPath(labelId)}/organization-filter`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}
