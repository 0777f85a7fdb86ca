import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';

export type OrganizationFigures = Answer<'/v1/admin/organizations/{id}/dashboard', 'get'>['data'];

/** The organisation's week ahead, last 30 days and latest bookings (decision 0811). */
export function useOrganizationFigures(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['organizations', 'dashboard', id],
    queryFn: async ({ signal }) =>
      (await api<{ data: OrganizationFigures }>(`/v1/admin/organizations/${encodeURIComponent(id)}/dashboard`, { signal, silent: true }))
        .data,
    enabled: enabled && id !== '',
    retry: false,
  });
}
