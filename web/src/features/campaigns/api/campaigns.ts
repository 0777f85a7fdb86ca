import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Answer, RequestBody } from '@/lib/api/types';
import { resourceApi } from '@/lib/resource';

export type Campaign = Answer<'/v1/admin/campaigns/{campaign_id}', 'get'>['data'];
export type CampaignInput = Omit<RequestBody<'/v1/admin/campaigns/{campaign_id}', 'put'>, 'version'>;

export const campaignsApi = resourceApi<Campaign, CampaignInput>('campaigns');

const key = ['campaigns'] as const;

export function useCampaign(id: string) {
  return useQuery({ queryKey: [...key, id], queryFn: ({ signal }) => campaignsApi.get(id, signal) });
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id?: string; input: CampaignInput; version?: number }) =>
      id && version !== undefined ? campaignsApi.update(id, { ...input, version }) : campaignsApi.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => campaignsApi.remove(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
