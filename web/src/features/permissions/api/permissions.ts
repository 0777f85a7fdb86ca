import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/lib/api/types';
import type { CommandResult } from '@/lib/resource';

/** Shapes from the generated schema (web-011). */
export type PermissionMatrix = Answer<'/v1/admin/permissions', 'get'>['data'];
export type PermissionRule = RequestBody<'/v1/admin/permissions/grant', 'post'>;
export type AccessExplanation = Answer<'/v1/admin/permissions/explain', 'get'>['data'];
export type AccessRemedy = AccessExplanation['remedies'][number];

const PERMISSIONS = '/v1/admin/permissions';
const matrixKey = ['permissions', 'matrix'] as const;

export function usePermissionMatrix(enabled = true) {
  return useQuery({
    queryKey: matrixKey,
    queryFn: async ({ signal }) => (await api<{ data: PermissionMatrix }>(PERMISSIONS, { signal })).data,
    enabled,
  });
}

/** Grants or revokes one rule of the matrix; every explanation is asked again afterwards. */
export function useChangePermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ grant, rule }: { grant: boolean; rule: PermissionRule }) =>
      api<CommandResult>(`${PERMISSIONS}/${grant ? 'grant' : 'revoke'}`, { method: 'POST', body: rule }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['permissions'] }),
  });
}

/** What "why denied?" asks: a permission or an API route ("GET /v1/…"), and optionally who, where. */
export interface AccessQuestion {
  permission?: string;
  route?: string;
  organization_id?: string;
  email?: string;
  /** The application asked about (the ApplicationId of the call); the current one when empty. */
  application_id?: string;
}

export function useAccessExplanation(question: AccessQuestion | null) {
  return useQuery({
    queryKey: ['permissions', 'explain', question],
    queryFn: async ({ signal }) => {
      const { application_id: applicationId, ...query } = question ?? {};
      const filled = Object.fromEntries(Object.entries(query).filter(([, value]) => value));
      return (
        await api<{ data: AccessExplanation }>(`${PERMISSIONS}/explain`, {
          signal,
          query: filled,
          applicationId: applicationId || undefined,
          silent: true,
        })
      ).data;
    },
    enabled: question !== null,
    retry: false,
  });
}

/** The organisations of an application (asked in that application), for the question's organisation. */
export function useOrganizationChoices(applicationId: string) {
  return useQuery({
    queryKey: ['permissions', 'organizations', applicationId],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: { id: string; name: string }[] }>('/v1/admin/applications/organizations/all', {
          signal,
          applicationId,
        })
      ).data,
    enabled: applicationId !== '',
  });
}
