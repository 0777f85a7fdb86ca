import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/lib/api/types';

export type Closure = Answer<'/v1/admin/organizations/{id}/closures', 'get'>['data'][number];
export type ClosureInput = RequestBody<'/v1/admin/organizations/{id}/closures', 'post'>;
export type ClosureImpact = Answer<'/v1/admin/organizations/{id}/closures/impact', 'post'>['data'];
export type ClosureOutcome = Answer<'/v1/admin/organizations/{id}/closures', 'post'>['data'];

const listPath = (organizationId: string) => `/v1/admin/organizations/${encodeURIComponent(organizationId)}/closures`;

export const closureKeys = {
  all: ['closures'] as const,
  list: (organizationId: string, locationId: string) => ['closures', organizationId, locationId] as const,
};

/** The organisation's closures (one location's when locationId is set), latest first. */
export function useClosures(organizationId: string, locationId = '') {
  return useQuery({
    queryKey: closureKeys.list(organizationId, locationId),
    queryFn: async ({ signal }) => {
      const query = locationId ? `?location_id=${encodeURIComponent(locationId)}` : '';
      return (await api<{ data: Closure[] }>(listPath(organizationId) + query, { signal })).data;
    },
    enabled: organizationId !== '',
  });
}

/** What a closure would do; writes nothing. */
export async function closureImpact(organizationId: string, input: ClosureInput): Promise<ClosureImpact> {
  return (await api<{ data: ClosureImpact }>(`${listPath(organizationId)}/impact`, { method: 'POST', body: input })).data;
}

/**
 * Confirms a closure. The idempotency key is the screen's, one per planned closure: a
 * retry after a lost answer closes nothing twice and answers the same outcome.
 */
export function usePlanClosure(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: ClosureInput; key: string }) =>
      api<{ data: ClosureOutcome }>(listPath(organizationId), { method: 'POST', body: input, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: closureKeys.all }), queryClient.invalidateQueries()]),
  });
}
