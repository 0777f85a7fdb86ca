import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceApi } from '@/lib/resource';
import type { ProductType, ProductTypeInput } from '@/features/product-types/api/types';

export const productTypeApi = resourceApi<ProductType, ProductTypeInput>('product-types');

export const productTypeKeys = {
  all: ['product-types'] as const,
  detail: (id: string) => ['product-types', 'detail', id] as const,
};

export function useProductType(id: string) {
  return useQuery({ queryKey: productTypeKeys.detail(id), queryFn: ({ signal }) => productTypeApi.get(id, signal) });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productTypeKeys.all });
}

export function useCreateProductType() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: productTypeApi.create, onSuccess: invalidate });
}

export function useUpdateProductType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ProductTypeInput & { version: number } }) => productTypeApi.update(id, input),
    onSuccess: invalidate,
  });
}

export function useDeleteProductType() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: productTypeApi.remove, onSuccess: invalidate });
}
