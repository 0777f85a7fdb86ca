import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '@/lib/api-client';
import { listSource } from '@/lib/list';
import type { CommandResult } from '@/lib/resource';
import type {
  Activity,
  ActivityInput,
  ActivitySettings,
  DeleteImpact,
  Impact,
  Preview,
  Question,
  Session,
  SessionDetail,
  SessionInput,
} from '@/features/activities/api/types';

const orgList = (organizationId: string) => `/v1/admin/organizations/${encodeURIComponent(organizationId)}/activities`;
const item = (id: string) => `/v1/admin/activities/${encodeURIComponent(id)}`;
const session = (id: string) => `/v1/admin/sessions/${encodeURIComponent(id)}`;
export const APPLICATION_SESSIONS = '/v1/admin/applications/sessions';

export const organizationActivities = (organizationId: string) => listSource<Activity>(orgList(organizationId));
export const applicationActivities = listSource<Activity>('/v1/admin/applications/activities');
export const activitySessions = (id: string) => listSource<Session>(`${item(id)}/sessions`);
export const applicationSessions = listSource<Session>(APPLICATION_SESSIONS);

export { useContactChoices, useLocationChoices, useRateChoices, useTermChoices, type Choice } from '@/lib/offer-choices';

export const activityKeys = {
  all: ['activities'] as const,
  detail: (id: string) => ['activities', 'detail', id] as const,
  part: (id: string, part: string) => ['activities', part, id] as const,
  sessions: (id: string, from: string, to: string) => ['activities', 'sessions', id, from, to] as const,
  session: (id: string) => ['activities', 'session', id] as const,
  deleteImpact: (id: string, scope: string) => ['activities', 'session', id, 'delete-impact', scope] as const,
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: activityKeys.all });
}

export function useActivity(id: string) {
  return useQuery({
    queryKey: activityKeys.detail(id),
    queryFn: async ({ signal }) => (await api<{ data: Activity }>(item(id), { signal })).data,
  });
}

export function useCreateActivity(organizationId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ActivityInput) => api<CommandResult>(orgList(organizationId), { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateActivity(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: Partial<ActivityInput> & { version?: number }) => api<CommandResult>(item(id), { method: 'PATCH', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteActivity(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api<CommandResult>(item(id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSetLocation(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (locationId: string | null) =>
      api<CommandResult>(`${item(id)}/location`, { method: 'PATCH', body: { location_id: locationId } }),
    onSuccess: invalidate,
  });
}

export function useActivitySettings(id: string) {
  return useQuery({
    queryKey: activityKeys.part(id, 'settings'),
    queryFn: async ({ signal }) => (await api<{ data: ActivitySettings }>(`${item(id)}/settings`, { signal })).data,
  });
}

export function useSaveSettings(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (settings: ActivitySettings) => api<CommandResult>(`${item(id)}/settings`, { method: 'PUT', body: settings }),
    onSuccess: invalidate,
  });
}

export function useQuestions(id: string) {
  return useQuery({
    queryKey: activityKeys.part(id, 'questions'),
    queryFn: async ({ signal }) => (await api<{ data: { questions: Question[] } }>(`${item(id)}/questions`, { signal })).data.questions,
  });
}

export function useSaveQuestions(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (questions: Question[]) => api<CommandResult>(`${item(id)}/questions`, { method: 'PUT', body: { questions } }),
    onSuccess: invalidate,
  });
}

export function useSaveLabels(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (labelIds: string[]) => api<CommandResult>(`${item(id)}/labels`, { method: 'PUT', body: { label_ids: labelIds } }),
    onSuccess: invalidate,
  });
}

/** The sessions of an activity between two dates (the agenda's week or the list's range), up to 1,000. */
export function useActivitySessions(id: string, from: string, to: string) {
  return useQuery({
    queryKey: activityKeys.sessions(id, from, to),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: Session[]; meta: { pagination: { total: number } } }>(`${item(id)}/sessions`, {
          signal,
          query: { from: from || undefined, to: to || undefined, itemsPerPage: 1000 },
        })
      ).data,
  });
}

export function useSession(id: string) {
  return useQuery({
    queryKey: activityKeys.session(id),
    queryFn: async ({ signal }) => (await api<{ data: SessionDetail }>(session(id), { signal })).data,
    enabled: id !== '',
  });
}

export function useCreateSessions(activityId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: SessionInput) => api<CommandResult>(`${item(activityId)}/sessions`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

/** The dates a session or series would make; refused input answers its field errors. */
export function previewSessions(activityId: string, input: SessionInput): Promise<Preview> {
  return api<{ data: Preview }>(`${item(activityId)}/sessions/preview`, { method: 'POST', body: input, silent: true }).then(
    (answer) => answer.data,
  );
}

/** What "this and all later" would change; nothing is written. */
export function sessionImpact(id: string, input: SessionInput): Promise<Impact> {
  return api<{ data: Impact }>(`${session(id)}/impact`, { method: 'POST', body: input }).then((answer) => answer.data);
}

/** What deleting this session (or it and all later ones) would remove, and whom those sessions hold; nothing is written. */
export function useDeleteImpact(id: string, scope: 'this' | 'following', enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.deleteImpact(id, scope),
    queryFn: async ({ signal }) =>
      (await api<{ data: DeleteImpact }>(`${session(id)}/delete-impact`, { query: { repetitionOccurrence: scope }, signal, silent: true }))
        .data,
    enabled: enabled && id !== '',
  });
}

/**
 * Changes a session. "This and all later" (repetitionOccurrence following) moves it into a
 * new series, with new ids: the old id is gone, so its queries are dropped, never re-read
 * (a re-read is a 404); the screen goes to the sessions list.
 */
export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SessionInput }) => api<CommandResult>(session(id), { method: 'PUT', body: input }),
    onSuccess: (_answer, { id, input }) => {
      const gone = input.repetitionOccurrence === 'following';
      const old = activityKeys.session(id);
      const isOld = (key: readonly unknown[]) => old.every((part, index) => key[index] === part);
      return queryClient.invalidateQueries({ queryKey: activityKeys.all, predicate: (query) => !(gone && isOld(query.queryKey)) });
    },
  });
}

export function useDeleteSession() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, scope }: { id: string; scope: 'this' | 'following' }) =>
      api<CommandResult>(session(id), { method: 'DELETE', query: { repetitionOccurrence: scope } }),
    onSuccess: invalidate,
  });
}

/** sessions.xlsx with the overview's filters, saved by the browser. */
export async function exportSessions(filter: Record<string, string | undefined>): Promise<void> {
  const blob = await apiBlob(`${APPLICATION_SESSIONS}/export`, { query: filter });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'sessions.xlsx';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
