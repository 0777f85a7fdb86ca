import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/lib/api/types';
import type { CommandResult } from '@/lib/resource';
import type { CheckedIn } from '@/features/activities/api/participants';
import type { Session, SessionInput } from '@/features/activities/api/types';

export type Bundle = Answer<'/v1/admin/bundles/{id}', 'get'>['data'];
export type BundleInput = RequestBody<'/v1/admin/bundles/{id}', 'put'>;
export type BundleParticipants = Answer<'/v1/admin/bundles/{id}/participants', 'get'>['data'];

const list = (activityId: string) => `/v1/admin/activities/${encodeURIComponent(activityId)}/bundles`;
const item = (id: string) => `/v1/admin/bundles/${encodeURIComponent(id)}`;

export const bundleKeys = {
  all: ['bundles'] as const,
  list: (activityId: string) => ['bundles', 'list', activityId] as const,
  detail: (id: string) => ['bundles', 'detail', id] as const,
  part: (id: string, part: string) => ['bundles', part, id] as const,
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bundleKeys.all });
}

export function useBundles(activityId: string) {
  return useQuery({
    queryKey: bundleKeys.list(activityId),
    queryFn: async ({ signal }) => (await api<{ data: Bundle[] }>(list(activityId), { signal })).data,
  });
}

export function useBundle(id: string) {
  return useQuery({
    queryKey: bundleKeys.detail(id),
    queryFn: async ({ signal }) => (await api<{ data: Bundle }>(item(id), { signal })).data,
    enabled: id !== '',
  });
}

export function useBundleSessions(id: string) {
  return useQuery({
    queryKey: bundleKeys.part(id, 'sessions'),
    queryFn: async ({ signal }) => (await api<{ data: Session[] }>(`${item(id)}/sessions`, { signal })).data,
    enabled: id !== '',
  });
}

export function useBundleParticipants(id: string) {
  return useQuery({
    queryKey: bundleKeys.part(id, 'participants'),
    queryFn: async ({ signal }) => (await api<{ data: BundleParticipants }>(`${item(id)}/participants`, { signal })).data,
    enabled: id !== '',
  });
}

export function useCreateBundle(activityId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: BundleInput) => api<CommandResult>(list(activityId), { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateBundle(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: BundleInput) => api<CommandResult>(item(id), { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteBundle(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api<CommandResult>(item(id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useCreateBundleSessions(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: SessionInput) => api<CommandResult>(`${item(id)}/sessions`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

/** Checks a bundle participant in at one of its sessions; silent, as the session's (participants.ts). */
export function useBundleCheckIn(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ sessionId, code }: { sessionId: string; code: string }) =>
      (
        await api<{ data: CheckedIn }>(`${item(id)}/sessions/${encodeURIComponent(sessionId)}/check-in`, {
          method: 'POST',
          body: { code },
          silent: true,
        })
      ).data,
    onSuccess: invalidate,
  });
}
