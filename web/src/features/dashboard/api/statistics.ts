import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';

export type ApplicationStatistics = Answer<'/v1/admin/application/statistics', 'get'>['data'];

/** The application's organisations by state and per day over from–to (YYYY-MM-DD, both included). */
export function useApplicationStatistics(from: string, to: string) {
  return useQuery({
    queryKey: ['application', 'statistics', from, to],
    queryFn: async ({ signal }) =>
      (await api<{ data: ApplicationStatistics }>('/v1/admin/application/statistics', { signal, query: { from, to } }))
        .data,
    enabled: from !== '' && to !== '' && from <= to,
    placeholderData: keepPreviousData,
  });
}
