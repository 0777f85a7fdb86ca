import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';

/** Shapes from the generated schema (web-011). */
export type OperationsReport = Answer<'/v1/admin/operations', 'get'>['data'];
export type ProjectorState = OperationsReport['projectors'][number];
export type QueueState = OperationsReport['queues'][number];
export type ParkedStream = OperationsReport['parked'][number];
export type SkipDecision = OperationsReport['skips'][number];
export type RetryOutcome = Answer<'/v1/admin/operations/projectors/{name}/parked/retry', 'post'>['data'];

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

/** Applies a parked stream's events again with the server's code (decision 1310). */
export function useRetryParked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ projector, stream }: { projector: string; stream: string }) =>
      (
        await api<{ data: RetryOutcome }>(`${OPERATIONS}/projectors/${encodeURIComponent(projector)}/parked/retry`, {
          method: 'POST',
          body: { stream },
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['operations'] }),
  });
}

/** Skips a parked stream's first event: the operator's decision, with its reason, recorded in the log. */
export function useSkipParked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ projector, stream, reason }: { projector: string; stream: string; reason: string }) =>
      (
        await api<{ data: RetryOutcome }>(`${OPERATIONS}/projectors/${encodeURIComponent(projector)}/parked/skip`, {
          method: 'POST',
          body: { stream, reason },
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['operations'] }),
  });
}
