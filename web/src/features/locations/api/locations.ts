import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Location, LocationInput } from '@/features/locations/api/types';
import { api } from '@/lib/api-client';
import { listSource, type ListSource } from '@/lib/list';
import type { CommandResult } from '@/lib/resource';

const itemPath = (id: string) => `/v1/admin/locations/${encodeURIComponent(id)}`;
const organizationPath = (organizationId: string) => `/v1/admin/organizations/${encodeURIComponent(organizationId)}/locations`;

export function organizationLocations(organizationId: string): ListSource<Location> {
  return listSource<Location>(organizationPath(organizationId));
}

/** The application area's list: every organisation's locations (staff: their own). */
export const applicationLocations = listSource<Location>('/v1/admin/applications/locations');

export const locationKeys = {
  all: ['locations'] as const,
  detail: (id: string) => ['locations', 'detail', id] as const,
};

export function useLocation(id: string) {
  return useQuery({
    queryKey: locationKeys.detail(id),
    queryFn: async ({ signal }) => (await api<{ data: Location }>(itemPath(id), { signal })).data,
  });
}

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, organizationId, input }: { id?: string; organizationId: string; input: LocationInput & { version?: number } }) =>
      id
        ? api<CommandResult>(itemPath(id), { method: 'PUT', body: input })
        : api<CommandResult>(organizationPath(organizationId), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<CommandResult>(itemPath(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
