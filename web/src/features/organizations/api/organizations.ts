import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob, ApiError, reportFailure } from '@/lib/api-client';
import { listSource } from '@/lib/list';
import type { CommandResult } from '@/lib/resource';
import type {
  FinanceInput,
  ImportAnswer,
  ImportRefusal,
  Organization,
  OrganizationCreated,
  OrganizationFinance,
  OrganizationInput,
} from '@/features/organizations/api/types';

const LIST = '/v1/admin/applications/organizations';
const item = (id: string) => `/v1/admin/organizations/${encodeURIComponent(id)}`;

/** The list contract over the application's organisations; filter `{state}` narrows it. */
export const organizationsList = listSource<Organization>(LIST);

export const organizationKeys = {
  all: ['organizations'] as const,
  detail: (id: string) => ['organizations', 'detail', id] as const,
  finance: (id: string) => ['organizations', 'finance', id] as const,
};

export function useOrganization(id: string) {
  return useQuery({
    queryKey: organizationKeys.detail(id),
    queryFn: async ({ signal }) => (await api<{ data: Organization }>(item(id), { signal })).data,
  });
}

/** ATTN, address, IBAN and account name; GET needs view-organization, PUT edit-organization. */
export function useOrganizationFinance(id: string) {
  return useQuery({
    queryKey: organizationKeys.finance(id),
    queryFn: async ({ signal }) => (await api<{ data: OrganizationFinance }>(`${item(id)}/finance`, { signal })).data,
  });
}

export function useUpdateFinance() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: FinanceInput & { version?: number | null } }) =>
      api<CommandResult>(`${item(id)}/finance`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationKeys.all });
}

export function useCreateOrganization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: OrganizationInput) =>
      (await api<{ data: OrganizationCreated }>(LIST, { method: 'POST', body: input })).data,
    onSuccess: invalidate,
  });
}

export function useUpdateOrganization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: OrganizationInput & { version: number } }) =>
      api<CommandResult>(item(id), { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteOrganization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api<CommandResult>(item(id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useApproveOrganization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api<CommandResult>(`${item(id)}/approve`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

export function useRejectOrganization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<CommandResult>(`${item(id)}/reject`, { method: 'POST', body: { reason } }),
    onSuccess: invalidate,
  });
}

/** The application's organisations' postcodes (GET /v1/admin/profiles/zipcodes): the zipcode filter's suggestions. */
export function useZipcodes() {
  return useQuery({
    queryKey: [...organizationKeys.all, 'zipcodes'] as const,
    queryFn: async ({ signal }) =>
      (await api<{ data: { zipcodes: string[] } }>('/v1/admin/profiles/zipcodes', { signal })).data.zipcodes,
  });
}

/** organizations.xlsx with the list's search, state and zipcode filter, saved by the browser. */
export async function exportOrganizations(filter: { search?: string; state?: string; zipcode?: string }): Promise<void> {
  const blob = await apiBlob(`${LIST}/export`, {
    query: { search: filter.search?.trim() || undefined, state: filter.state || undefined, zipcode: filter.zipcode || undefined },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'organizations.xlsx';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export type ImportResult = { ok: true; answer: ImportAnswer } | { ok: false; refusal: ImportRefusal };

/**
 * Sends the CSV: `dryRun` only checks it and previews the rows. A refused file (422) is a
 * result, not a failure: its rows' errors are shown in a table, not in the notification bar.
 */
export async function importOrganizations(file: File, dryRun: boolean): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file);
  if (dryRun) body.append('dry_run', 'true');
  try {
    const answer = await api<{ data: ImportAnswer }>(`${LIST}/import`, { method: 'POST', body, silent: true });
    return { ok: true, answer: answer.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422 && error.details) {
      const refusal = error.details as Partial<ImportRefusal>;
      return { ok: false, refusal: { message: error.message, fields: refusal.fields, rows: refusal.rows ?? [] } };
    }
    reportFailure(error);
    throw error;
  }
}
