import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchApplication } from '@/lib/application';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

/** The current application's settings; before login, the server's default application. */
export function useApplicationSettings() {
  const applicationId = useContextStore((state) => state.applicationId);
  const loggedIn = useAuthStore((state) => Boolean(state.token));
  return useQuery({
    queryKey: ['application', loggedIn ? applicationId : null],
    queryFn: ({ signal }) => fetchApplication(signal),
    staleTime: 5 * 60_000,
    retry: false,
    // After login the key changes; keep showing the previous settings instead of the splash.
    placeholderData: keepPreviousData,
  });
}
