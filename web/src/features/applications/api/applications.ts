import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/lib/api/types';
import { fetchList, listSource, type ListSource } from '@/lib/list';
import type { CommandResult } from '@/lib/resource';

type List = '/v1/admin/applications';
type Item = '/v1/admin/applications/{application_id}';
type Invites = `${Item}/invites`;

export type Application = Answer<Item, 'get'>['data'];
/** Every editable field; the PUT replaces them all (map settings included). */
export type ApplicationInput = Required<Omit<RequestBody<List, 'post'>, 'version'>>;
export type MapboxSettings = Answer<`${Item}/mapbox-settings`, 'get'>['data'];
export type ApplicationFilters = Answer<`${Item}/filters`, 'get'>['data'];
export type ApplicationFiltersInput = RequestBody<`${Item}/filters`, 'put'>;
export type Invite = Answer<Invites, 'get'>['data'][number];
export type InviteInput = RequestBody<Invites, 'post'>;
/** The roles an invite may grant (domain/identity Invite.Send). */
export const INVITE_ROLES = ['organization', 'trainer'] as const;

const LIST = '/v1/admin/applications';
const item = (id: string) => `${LIST}/${encodeURIComponent(id)}`;

export const applicationsList: ListSource<Application> = listSource<Application>(LIST);
export const invitesList = (id: string): ListSource<Invite> => listSource<Invite>(`${item(id)}/invites`);

export const applicationKeys = {
  all: ['applications'] as const,
  detail: (id: string) => ['applications', 'detail', id] as const,
  mapbox: (id: string) => ['applications', 'mapbox', id] as const,
  filters: (id: string) => ['applications', 'filters', id] as const,
  options: ['applications', 'options'] as const,
  organizations: (id: string) => ['applications', 'organizations', id] as const,
};

export function useApplication(id: string) {
  return useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: async ({ signal }) => (await api<{ data: Application }>(item(id), { signal })).data,
  });
}

/** The first 100 sub-applications by name (the edit screen lists them without a grid). */
export function useApplicationChildren(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['applications', 'children', id],
    queryFn: ({ signal }) =>
      fetchList<Application>(`${item(id)}/children`, { page: 1, itemsPerPage: 100, sort: { field: 'name', direction: 'asc' } }, signal),
    enabled,
  });
}

/** Up to 100 applications by name, for the parent select. */
export function useApplicationOptions() {
  return useQuery({
    queryKey: applicationKeys.options,
    queryFn: ({ signal }) =>
      fetchList<Application>(LIST, { page: 1, itemsPerPage: 100, sort: { field: 'name', direction: 'asc' } }, signal),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: applicationKeys.all });
}

export function useCreateApplication() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ApplicationInput) => api<CommandResult>(LIST, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateApplication() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ApplicationInput & { version: number } }) =>
      api<CommandResult>(item(id), { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useMapboxSettings(id: string) {
  return useQuery({
    queryKey: applicationKeys.mapbox(id),
    queryFn: async ({ signal }) =>
      (await api<{ data: MapboxSettings }>(`${item(id)}/mapbox-settings`, { signal })).data,
  });
}

export function useUpdateMapboxSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: MapboxSettings }) =>
      api<CommandResult>(`${item(id)}/mapbox-settings`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

/** The search filters the application's consumer app offers, with the choices (decision 0612). */
export function useApplicationFilters(id: string) {
  return useQuery({
    queryKey: applicationKeys.filters(id),
    queryFn: async ({ signal }) => (await api<{ data: ApplicationFilters }>(`${item(id)}/filters`, { signal })).data,
  });
}

export function useUpdateApplicationFilters() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ApplicationFiltersInput }) =>
      api<CommandResult>(`${item(id)}/filters`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useSendInvite() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: InviteInput }) =>
      api<CommandResult>(`${item(id)}/invites`, { method: 'POST', body: input }),
  });
}

/** The application's organisations (asked in that application), for the invite form. */
export function useApplicationOrganizations(id: string) {
  return useQuery({
    queryKey: applicationKeys.organizations(id),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: { id: string; name: string }[] }>('/v1/admin/applications/organizations/all', {
          signal,
          applicationId: id,
        })
      ).data,
  });
}
