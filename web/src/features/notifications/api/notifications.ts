import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/lib/api/types';
import { resourceApi, type CommandResult } from '@/lib/resource';

export type Notification = Answer<'/v1/admin/notifications/{notification_id}', 'get'>['data'];
export type NotificationInput = Omit<RequestBody<'/v1/admin/notifications/{notification_id}', 'put'>, 'version'>;
export type NotificationSettings = Answer<'/v1/admin/notifications/settings', 'get'>['data'];
export type NotificationStatus = 'scheduled' | 'sent' | 'cancelled';
export const STATUSES: NotificationStatus[] = ['scheduled', 'sent', 'cancelled'];

export const notificationsApi = resourceApi<Notification, NotificationInput>('notifications');

const key = ['notifications'] as const;

export function useNotification(id: string) {
  return useQuery({ queryKey: [...key, id], queryFn: ({ signal }) => notificationsApi.get(id, signal), enabled: id !== '' });
}

/** The form's rules: advised and maximum length, variables, the application's time zone and name. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: [...key, 'settings'],
    queryFn: async ({ signal }) => (await api<{ data: NotificationSettings }>('/v1/admin/notifications/settings', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useSaveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id?: string; input: NotificationInput; version?: number }) =>
      id && version !== undefined ? notificationsApi.update(id, { ...input, version }) : notificationsApi.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useCancelNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      api<CommandResult>(`/v1/admin/notifications/${encodeURIComponent(id)}/cancel`, { method: 'POST', query: { version } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
