import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationTerm, Rate, RateInput, TermInput } from '@/features/rates/api/types';
import { api } from '@/lib/api-client';
import { fetchList, listSource, type ListSource } from '@/lib/list';
import type { CommandResult } from '@/lib/resource';

const organizationPath = (organizationId: string, what: 'rates' | 'cancellation-terms') =>
  `/v1/admin/organizations/${encodeURIComponent(organizationId)}/${what}`;
const ratePath = (id: string) => `/v1/admin/rates/${encodeURIComponent(id)}`;
const termPath = (id: string) => `/v1/admin/cancellation-terms/${encodeURIComponent(id)}`;

/** The organisation's own rates, without the Free entry the pickers start with. */
export function ratesList(organizationId: string): ListSource<Rate> {
  return async (query, signal) => {
    const page = await fetchList<Rate>(organizationPath(organizationId, 'rates'), query, signal);
    return { ...page, rows: page.rows.filter((rate) => rate.id !== null) };
  };
}

export function termsList(organizationId: string): ListSource<CancellationTerm> {
  return listSource<CancellationTerm>(organizationPath(organizationId, 'cancellation-terms'));
}

export const rateKeys = {
  all: ['rates'] as const,
  rate: (id: string) => ['rates', 'rate', id] as const,
  term: (id: string) => ['rates', 'term', id] as const,
  terms: (organizationId: string) => ['rates', 'terms', organizationId] as const,
};

export function useRate(id: string) {
  return useQuery({
    queryKey: rateKeys.rate(id),
    queryFn: async ({ signal }) => (await api<{ data: Rate }>(ratePath(id), { signal })).data,
  });
}

export function useTerm(id: string) {
  return useQuery({
    queryKey: rateKeys.term(id),
    queryFn: async ({ signal }) => (await api<{ data: CancellationTerm }>(termPath(id), { signal })).data,
  });
}

/** Every term of the organisation, for the rate form's picker. */
export function useTerms(organizationId: string) {
  return useQuery({
    queryKey: rateKeys.terms(organizationId),
    queryFn: async ({ signal }) =>
      (await fetchList<CancellationTerm>(organizationPath(organizationId, 'cancellation-terms'), { page: 1, itemsPerPage: 250 }, signal))
        .rows,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rateKeys.all });
}

export function useSaveRate(organizationId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RateInput & { version?: number } }) =>
      id
        ? api<CommandResult>(ratePath(id), { method: 'PUT', body: input })
        : api<CommandResult>(organizationPath(organizationId, 'rates'), { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteRate() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api<CommandResult>(ratePath(id), { method: 'DELETE' }), onSuccess: invalidate });
}

export function useSaveTerm(organizationId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TermInput & { version?: number } }) =>
      id
        ? api<CommandResult>(termPath(id), { method: 'PUT', body: input })
        : api<CommandResult>(organizationPath(organizationId, 'cancellation-terms'), { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteTerm() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api<CommandResult>(termPath(id), { method: 'DELETE' }), onSuccess: invalidate });
}
