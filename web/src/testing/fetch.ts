import { afterEach, beforeEach, vi } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { useNotificationStore } from '@/stores/notification';

/**
 * Replaces the global fetch for every test of the calling file with a fresh mock, on a fresh
 * API client (no refresh in flight, no remembered position), and clears the notification bar
 * afterwards. `answer` is the mock's implementation in every test; without it, each test
 * gives its own answers (mockResolvedValueOnce, mockImplementation).
 */
export function mockFetch(answer?: typeof fetch) {
  const fetchMock = vi.fn<typeof fetch>(answer);
  beforeEach(() => {
    resetApiClientState();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useNotificationStore.getState().clear();
  });
  return fetchMock;
}
