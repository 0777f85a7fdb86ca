import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore, type LoginResponse, type Profile } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

/** Roles and abilities, for the chosen organisation when there is one. */
export async function loadProfile(organizationId: string | null): Promise<Profile> {
  const answer = await api<{ data: Profile }>('/v1/admin/profile', {
    query: { organization_id: organizationId ?? undefined },
  });
  useAuthStore.getState().setProfile(answer.data);
  return answer.data;
}

/**
 * Stores a fresh login: the application is the one the user picked before if they
 * still belong to it, else their first; then the profile loads.
 */
export async function completeLogin(login: LoginResponse): Promise<Profile> {
  useAuthStore.getState().setLogin(login);
  const context = useContextStore.getState();
  const applications = login.user.applications;
  const keep = applications.some((application) => application.id === context.applicationId);
  if (!keep) context.setApplicationId(applications[0]?.id ?? null);
  try {
    const profile = await loadProfile(null);
    const organizationId = useContextStore.getState().organizationId;
    if (!profile.organizations.some((organization) => organization.id === organizationId)) {
      useContextStore.getState().setOrganizationId(profile.organizations[0]?.id ?? null);
    }
    return profile;
  } catch (error) {
    useAuthStore.getState().clear();
    throw error;
  }
}

/** Ends the session on the server (best effort) and forgets it here. */
export async function endSession(): Promise<void> {
  if (useAuthStore.getState().token) {
    await api('/v1/auth/logout', { method: 'POST', silent: true }).catch(() => undefined);
  }
  useAuthStore.getState().clear();
  useContextStore.getState().setOrganizationId(null);
}

/**
 * Makes another application the one every later call works in (remembered in
 * `move.context`): drops the previous application's cached answers (the settings query is
 * keyed by the application and refetches itself) and reloads the profile, since roles
 * differ per application. Answers the new profile, or the old one when it cannot load.
 */
export async function switchApplication(queryClient: QueryClient, applicationId: string): Promise<Profile | null> {
  const context = useContextStore.getState();
  context.setApplicationId(applicationId);
  context.setOrganizationId(null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'application' });
  return loadProfile(null).catch(() => useAuthStore.getState().profile);
}
