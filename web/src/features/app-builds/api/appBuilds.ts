import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/lib/api/types';
import { listSource, type ListSource } from '@/lib/list';

/** Shapes from the generated schema (web-011). */
export type Build = Answer<'/v1/admin/application/builds', 'get'>['data'][number];
export type BuildSettings = Answer<'/v1/admin/application/build-settings', 'get'>['data'];
export type PlatformState = BuildSettings['platforms'][number];
export type StoreSettingsInput = RequestBody<'/v1/admin/application/build-settings', 'put'>;
export type PlatformInput = RequestBody<'/v1/admin/application/build-settings/{platform}', 'put'>;

export type Platform = 'ios' | 'android';
export const PLATFORMS: Platform[] = ['ios', 'android'];
export const BUILD_STATUSES = ['requested', 'queued', 'building', 'succeeded', 'failed'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

/** A build in one of these statuses is still under way: screens showing it poll. */
export function isRunning(status: string): boolean {
  return status === 'requested' || status === 'queued' || status === 'building';
}

/** How often screens ask again while a build runs. */
export const POLL_MS = 3000;

const BUILDS = '/v1/admin/application/builds';
const SETTINGS = '/v1/admin/application/build-settings';

export const buildSource: ListSource<Build> = listSource<Build>(BUILDS);

export function useBuildSettings() {
  return useQuery({
    queryKey: ['app-builds', 'settings'],
    queryFn: async ({ signal }) => (await api<{ data: BuildSettings }>(SETTINGS, { signal })).data,
    // A running build changes the platform's state (running, next number, released version).
    refetchInterval: (query) => (query.state.data?.platforms.some((p) => p.running) ? POLL_MS : false),
  });
}

export function useSaveStoreSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: StoreSettingsInput) => api(SETTINGS, { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['app-builds'] }),
  });
}

export function useConfigurePlatform(platform: Platform) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: PlatformInput) => api(`${SETTINGS}/${platform}`, { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['app-builds'] }),
  });
}

export function useStartBuild(platform: Platform) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (tag: string) => api(BUILDS, { method: 'POST', body: { platform, tag } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['app-builds'] }),
  });
}
