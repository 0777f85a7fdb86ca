import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';

type Organization = Answer<'/v1/admin/organizations/{id}', 'get'>['data'];

/** The dashboard's organisation; silent: without view-organization the dashboard still shows. */
export function useDashboardOrganization(id: string) {
  return useQuery({
    queryKey: ['organizations', 'detail', id],
    queryFn: async ({ signal }) =>
      (await api<{ data: Organization }>(`/v1/admin/organizations/${encodeURIComponent(id)}`, { signal, silent: true }))
        .data,
    enabled: id !== '',
    retry: false,
  });
}
