import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listSource } from '@/lib/list';
import type { CommandResult } from '@/lib/resource';
import type { Product, ProductDeleteImpact, ProductInput, ProductPurchases, ProductQuestion } from '@/features/products/api/types';

const orgList = (organizationId: string) => `/v1/admin/organizations/${encodeURIComponent(organizationId)}/products`;
const item = (id: string) => `/v1/admin/products/${encodeURIComponent(id)}`;

export const organizationProducts = (organizationId: string) => listSource<Product>(orgList(organizationId));
export const applicationProducts = listSource<Product>('/v1/admin/applications/products');

export const productKeys = {
  all: ['products'] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  part: (id: string, part: string) => ['products', part, id] as const,
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.all });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: async ({ signal }) => (await api<{ data: Product }>(item(id), { signal })).data,
  });
}

export function useCreateProduct(organizationId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ProductInput) => api<CommandResult>(orgList(organizationId), { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: Partial<ProductInput> & { version?: number }) => api<CommandResult>(item(id), { method: 'PATCH', body: input }),
    onSuccess: invalidate,
  });
}

/** The product's purchases: buyer, status, answers, bought and paid at (decision 1003). */
export function useProductPurchases(id: string) {
  return useQuery({
    queryKey: [...productKeys.part(id, 'purchases')],
    queryFn: async ({ signal }) => (await api<{ data: ProductPurchases }>(`${item(id)}/purchases`, { signal })).data,
  });
}

/** What deleting the product takes with it (the labels it has by hand); nothing is written. */
export function useProductDeleteImpact(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...productKeys.part(id, 'delete-impact')],
    queryFn: async ({ signal }) => (await api<{ data: ProductDeleteImpact }>(`${item(id)}/delete-impact`, { signal, silent: true })).data,
    enabled,
  });
}

export function useDeleteProduct(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (version: number) => api<CommandResult>(item(id), { method: 'DELETE', query: { version } }),
    onSuccess: invalidate,
  });
}

export function useSetProductLocation(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (locationId: string | null) => api<CommandResult>(`${item(id)}/location`, { method: 'PATCH', body: { location_id: locationId } }),
    onSuccess: invalidate,
  });
}

export function useProductQuestions(id: string) {
  return useQuery({
    queryKey: productKeys.part(id, 'questions'),
    queryFn: async ({ signal }) =>
      (await api<{ data: { questions: ProductQuestion[] } }>(`${item(id)}/questions`, { signal })).data.questions,
  });
}

export function useSaveProductQuestions(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (questions: ProductQuestion[]) => api<CommandResult>(`${item(id)}/questions`, { method: 'PUT', body: { questions } }),
    onSuccess: invalidate,
  });
}

export function useSaveProductLabels(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (labelIds: string[]) => api<CommandResult>(`${item(id)}/labels`, { method: 'PUT', body: { label_ids: labelIds } }),
    onSuccess: invalidate,
  });
}
