import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';
import type { PeriodQuery } from '@/lib/period';

export type ApplicationStatistics = Answer<'/v1/admin/application/statistics', 'get'>['data'];

/** The application's organisations by state and per day over a period (null: nothing to ask for). */
export function useApplicationStatistics(period: PeriodQuery | null) {
  return useQuery({
    queryKey: ['application', 'statistics', period],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: ApplicationStatistics }>('/v1/admin/application/statistics', {
          signal,
          query: { ...period },
        })
      ).data,
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}
