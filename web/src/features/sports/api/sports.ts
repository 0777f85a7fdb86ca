import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Answer, RequestBody } from '@/lib/api/types';
import { resourceApi } from '@/lib/resource';

export type Sport = Answer<'/v1/admin/sports/{id}', 'get'>['data'];

export type SportInput = Omit<RequestBody<'/v1/admin/sports', 'post'>, 'version'>;

export const sportsApi = resourceApi<Sport, SportInput>('sports');

export const sportKeys = {
  all: ['sports'] as const,
  detail: (id: string) => ['sports', 'detail', id] as const,
};

export function useSport(id: string) {
  return useQuery({ queryKey: sportKeys.detail(id), queryFn: ({ signal }) => sportsApi.get(id, signal) });
}

function useInvalidateSports() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sportKeys.all });
}

export function useCreateSport() {
  const invalidate = useInvalidateSports();
  return useMutation({ mutationFn: sportsApi.create, onSuccess: invalidate });
}

export function useUpdateSport() {
  const invalidate = useInvalidateSports();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SportInput & { version: number } }) => sportsApi.update(id, input),
    onSuccess: invalidate,
  });
}

export function useDeleteSport() {
  const invalidate = useInvalidateSports();
  return useMutation({ mutationFn: sportsApi.remove, onSuccess: invalidate });
}
