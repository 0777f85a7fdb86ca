import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchList } from '@/lib/list';

export interface SimpleOrganization {
  id: string;
  name: string;
}

export const SWITCHER_PAGE_SIZE = 5;

/** With a search the server counts up to this many and answers one more for "more" (decision 0540). */
export const SWITCHER_TOTAL_CAP = 1000;

export function useSwitcherOrganizations(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['organizations', 'simple', { search, itemsPerPage: SWITCHER_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      fetchList<SimpleOrganization>(
        '/v1/admin/organizations/simple',
        { search, page: 1, itemsPerPage: SWITCHER_PAGE_SIZE, sort: { field: 'name', direction: 'asc' } },
        signal,
      ),
    enabled,
  });
}

/** The name of the organisation a deep link opens, when the profile does not list it (a superadmin's). */
export function useOrganizationName(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['organizations', 'switcher-name', id],
    queryFn: async ({ signal }) =>
      (await api<{ data: SimpleOrganization }>(`/v1/admin/organizations/${encodeURIComponent(id ?? '')}`, { signal, silent: true })).data.name,
    enabled: enabled && id !== null,
    staleTime: 5 * 60_000,
  });
}
