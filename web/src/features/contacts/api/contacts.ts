import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/lib/api/types';
import { listSource, type ListSource } from '@/lib/list';
import type { CommandResult } from '@/lib/resource';

export type Contact = Answer<'/v1/admin/contacts/{contact_id}', 'get'>['data'];
export type ContactInput = Omit<RequestBody<'/v1/admin/organizations/{id}/contacts', 'post'>, 'version'>;

export const CONTACT_ROLES = ['mail', 'contact_person', 'trainer'] as const;

const organizationPath = (organizationId: string) => `/v1/admin/organizations/${encodeURIComponent(organizationId)}/contacts`;
const itemPath = (id: string) => `/v1/admin/contacts/${encodeURIComponent(id)}`;

export function contactsList(organizationId: string): ListSource<Contact> {
  return listSource<Contact>(organizationPath(organizationId));
}

export const contactKeys = {
  all: ['contacts'] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
};

export function useContact(id: string) {
  return useQuery({
    queryKey: contactKeys.detail(id),
    queryFn: async ({ signal }) => (await api<{ data: Contact }>(itemPath(id), { signal })).data,
  });
}

/** The organisation's trainers: the users a trainer contact may be linked to. */
export function useTrainerChoices(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['contacts', 'trainers', organizationId],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: { id: string; name: string }[] }>(
          `/v1/admin/organizations/${encodeURIComponent(organizationId)}/trainers`,
          { signal },
        )
      ).data.map((user) => ({ value: user.id, label: user.name })),
    enabled: enabled && organizationId !== '',
  });
}

export function useSaveContact(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ContactInput & { version?: number } }) =>
      id
        ? api<CommandResult>(itemPath(id), { method: 'PUT', body: input })
        : api<CommandResult>(organizationPath(organizationId), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<CommandResult>(itemPath(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
