import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';
import { bundleKeys, type BundleParticipants } from '@/features/activities/api/bundles';
import type { CheckedIn } from '@/features/activities/api/participants';

type DoorPath = '/v1/admin/organizations/{id}/door';
export type Door = Answer<DoorPath, 'get'>['data'];
export type DoorSession = Door['sessions'][number];
export type DoorBundle = DoorSession['bundles'][number];
export type BundleParticipant = BundleParticipants['participants'][number];

const door = (organizationId: string) => `/v1/admin/organizations/${encodeURIComponent(organizationId)}/door`;
const day = (date: string) => (date ? `?date=${encodeURIComponent(date)}` : '');

/**
 * The organisation's sessions of one day (date YYYY-MM-DD; empty is the application's
 * today) with present / booked / waiting. Under `activities`: every participants change
 * refreshes it.
 */
export function useDoor(organizationId: string, date: string) {
  return useQuery({
    queryKey: ['activities', 'door', organizationId, date],
    queryFn: async ({ signal }) => (await api<{ data: Door }>(`${door(organizationId)}${day(date)}`, { signal })).data,
    enabled: organizationId !== '',
  });
}

/**
 * Checks in a QR code or a short code among the day's sessions. Silent: the door shows
 * the server's answer itself ("already checked in at 18:58", an unknown code).
 */
export function useDoorCheckIn(organizationId: string, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await api<{ data: CheckedIn }>(`${door(organizationId)}/check-in${day(date)}`, { method: 'POST', body: { code }, silent: true })).data,
    // A code may name a session's booking or a bundle's (decision 1700).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['participants'] }),
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
        queryClient.invalidateQueries({ queryKey: bundleKeys.all }),
      ]),
  });
}

/**
 * The participants of the bundles a door session belongs to (the door answer names
 * them), one query per bundle under the bundle's own key. Silent: without view-bundle
 * the door still shows the session's own participants.
 */
export function useDoorBundleParticipants(bundles: DoorBundle[]) {
  return useQueries({
    queries: bundles.map((bundle) => ({
      queryKey: bundleKeys.part(bundle.bundle_id, 'participants'),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await api<{ data: BundleParticipants }>(`/v1/admin/bundles/${encodeURIComponent(bundle.bundle_id)}/participants`, { signal, silent: true }))
          .data,
    })),
  });
}

/**
 * Checks a bundle's participant in at one of its sessions by their code (a tap on the
 * name). There is no way back: a bundle's check-in has no compensating command.
 */
export function useDoorBundleCheckIn(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bundleId, code }: { bundleId: string; code: string }) =>
      (
        await api<{ data: CheckedIn }>(
          `/v1/admin/bundles/${encodeURIComponent(bundleId)}/sessions/${encodeURIComponent(sessionId)}/check-in`,
          { method: 'POST', body: { code } },
        )
      ).data,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: bundleKeys.all }), queryClient.invalidateQueries({ queryKey: ['activities'] })]),
  });
}
