import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';
import type { CheckedIn } from '@/features/activities/api/participants';

type DoorPath = '/v1/admin/organizations/{id}/door';
export type Door = Answer<DoorPath, 'get'>['data'];
export type DoorSession = Door['sessions'][number];

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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['participants'] }),
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
      ]),
  });
}
