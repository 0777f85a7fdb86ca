import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceApi } from '@/lib/resource';

export interface Sport {
  id: string;
  name: string;
  icon_id: string | null;
  icon_url: string | null;
  highlighted: boolean;
  version: number;
}

export interface SportInput {
  name: string;
  icon_id: string | null;
  highlighted: boolean;
}

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
