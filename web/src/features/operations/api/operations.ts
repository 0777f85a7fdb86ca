import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';

/** Shapes from the generated schema (web-011). */
export type OperationsReport = Answer<'/v1/admin/operations', 'get'>['data'];
export type ProjectorState = OperationsReport['projectors'][number];
export type QueueState = OperationsReport['queues'][number];

const OPERATIONS = '/v1/admin/operations';

/** How often the console reads the report again while it is open. */
export const REFRESH_MS = 5000;

/** The operations report, read again every few seconds while the screen is open. */
export function useOperationsReport() {
  return useQuery({
    queryKey: ['operations'],
    queryFn: async ({ signal }) => (await api<{ data: OperationsReport }>(OPERATIONS, { signal })).data,
    refetchInterval: REFRESH_MS,
  });
}

/** Asks the server that runs a read model to rebuild it from the log. */
export function useRequestRebuild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      api(`${OPERATIONS}/projectors/${encodeURIComponent(name)}/rebuild`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['operations'] }),
  });
}
