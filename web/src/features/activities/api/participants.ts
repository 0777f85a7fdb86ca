import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/lib/api/types';
import type { CommandResult } from '@/lib/resource';

type Participants = '/v1/admin/sessions/{id}/participants';

export type SessionParticipants = Answer<Participants, 'get'>['data'];
export type Participant = SessionParticipants['participants'][number];
export type ParticipantInput = RequestBody<Participants, 'post'>;
export type CheckedIn = Answer<'/v1/admin/sessions/{id}/check-in', 'post'>['data'];
export type Attendance = 'none' | 'present' | 'absent' | 'signed_out';
type SessionStep = Answer<'/v1/admin/sessions/{id}/participants/{booking_id}/history', 'get'>['data'][number];
type BundleStep = Answer<'/v1/admin/bundles/{id}/participants/{booking_id}/history', 'get'>['data'][number];
/** One step of a booking's life (of a session or a bundle): what, when, who. */
export type BookingStep = Pick<SessionStep, 'event' | 'at' | 'actor' | 'system' | 'detail'> & Pick<BundleStep, 'event'>;

const participants = (sessionId: string) => `/v1/admin/sessions/${encodeURIComponent(sessionId)}/participants`;
const one = (sessionId: string, bookingId: string) => `${participants(sessionId)}/${encodeURIComponent(bookingId)}`;

export const participantKeys = {
  session: (sessionId: string) => ['participants', sessionId] as const,
  history: (path: string) => ['participants', 'history', path] as const,
};

/** The history path of a session's booking; bundleHistoryPath is a bundle booking's. */
export const sessionHistoryPath = (sessionId: string, bookingId: string) => `${one(sessionId, bookingId)}/history`;
export const bundleHistoryPath = (bundleId: string, bookingId: string) =>
  `/v1/admin/bundles/${encodeURIComponent(bundleId)}/participants/${encodeURIComponent(bookingId)}/history`;

/** A booking's history (path from sessionHistoryPath or bundleHistoryPath), while path is set. */
export function useBookingHistory(path: string | null) {
  return useQuery({
    queryKey: participantKeys.history(path ?? ''),
    queryFn: async ({ signal }) => (await api<{ data: BookingStep[] }>(path ?? '', { signal })).data,
    enabled: path !== null,
  });
}

export function useSessionParticipants(sessionId: string) {
  return useQuery({
    queryKey: participantKeys.session(sessionId),
    queryFn: async ({ signal }) => (await api<{ data: SessionParticipants }>(participants(sessionId), { signal })).data,
    enabled: sessionId !== '',
  });
}

/** A mutation on the session's participants that refreshes them (and every session count) after. */
function useParticipantsMutation<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['participants'] }),
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
      ]),
  });
}

export function useAddParticipant(sessionId: string) {
  return useParticipantsMutation((input: ParticipantInput) =>
    api<CommandResult>(participants(sessionId), { method: 'POST', body: input }),
  );
}

export function useMarkAttendance(sessionId: string) {
  return useParticipantsMutation(({ bookingId, attendance }: { bookingId: string; attendance: Attendance }) =>
    api<CommandResult>(`${one(sessionId, bookingId)}/attendance`, { method: 'PUT', body: { attendance } }),
  );
}

export function useMoveParticipant(sessionId: string) {
  return useParticipantsMutation(({ bookingId, target }: { bookingId: string; target: string }) =>
    api<CommandResult>(`${one(sessionId, bookingId)}/move`, { method: 'POST', body: { session_id: target } }),
  );
}

export function useRemoveParticipant(sessionId: string) {
  return useParticipantsMutation((bookingId: string) => api<CommandResult>(one(sessionId, bookingId), { method: 'DELETE' }));
}

/**
 * Checks a participant in with a scanned or typed code. Silent: the door's screen shows
 * the server's answer itself ("already checked in at 18:58", "another session").
 */
export function useCheckIn(sessionId: string) {
  return useParticipantsMutation(async (code: string) =>
    (await api<{ data: CheckedIn }>(`/v1/admin/sessions/${encodeURIComponent(sessionId)}/check-in`, {
      method: 'POST',
      body: { code },
      silent: true,
    })).data,
  );
}

/** participants.xlsx of the session (with the answers to the activity's questions), saved by the browser. */
export async function exportParticipants(sessionId: string): Promise<void> {
  const blob = await apiBlob(`${participants(sessionId)}/export`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'participants.xlsx';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export type ContactInput = RequestBody<'/v1/admin/sessions/{id}/participants/contact', 'post'>;

/** Mails the participants with a spot, or the booking_ids given; answers how many mails went out. */
export function useContactParticipants(sessionId: string) {
  return useMutation({
    mutationFn: async (input: ContactInput) =>
      (await api<{ data: { sent: number } }>(`${participants(sessionId)}/contact`, { method: 'POST', body: input })).data.sent,
  });
}

export type SessionCounts = Answer<'/v1/admin/activities/{id}/participants', 'get'>['data'][number];

/** Per session of the activity (from, to: local dates): spots, taken, waiting, present, absent; asked once enabled. */
export function useSessionCounts(activityId: string, from: string, to: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['participants', 'overview', activityId, from, to],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: SessionCounts[] }>(`/v1/admin/activities/${encodeURIComponent(activityId)}/participants`, {
          signal,
          query: { from, to },
        })
      ).data,
  });
}

/**
 * Moves one booking from a session to another (the way back of a bulk move runs from the
 * target): the booking keeps its id in the session it lands in.
 */
export function useMoveBetween() {
  return useParticipantsMutation(({ from, bookingId, to }: { from: string; bookingId: string; to: string }) =>
    api<CommandResult>(`${one(from, bookingId)}/move`, { method: 'POST', body: { session_id: to } }),
  );
}
