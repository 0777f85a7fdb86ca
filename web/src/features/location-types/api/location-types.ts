import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceApi } from '@/lib/resource';
import type { LocationType, LocationTypeInput } from '@/features/location-types/api/types';

export const locationTypeApi = resourceApi<LocationType, LocationTypeInput>('location-types');

export const locationTypeKeys = {
  all: ['location-types'] as const,
  detail: (id: string) => ['location-types', 'detail', id] as const,
};

export function useLocationType(id: string) {
  return useQuery({ queryKey: locationTypeKeys.detail(id), queryFn: ({ signal }) => locationTypeApi.get(id, signal) });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: locationTypeKeys.all });
}

export function useCreateLocationType() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: locationTypeApi.create, onSuccess: invalidate });
}

export function useUpdateLocationType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: LocationTypeInput & { version: number } }) => locationTypeApi.update(id, input),
    onSuccess: invalidate,
  });
}

export function useDeleteLocationType() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: locationTypeApi.remove, onSuccess: invalidate });
}
