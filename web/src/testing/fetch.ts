import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { useNotificationStore } from '@/stores/notification';

/**
 * Replaces the global fetch for every test of the calling file with a fresh mock, on a fresh
 * API client (no refresh in flight, no remembered position), and clears the notification bar
 * afterwards. `answer` is the mock's implementation in every test; without it, each test
 * gives its own answers (mockResolvedValueOnce, mockImplementation).
 *
 * The rendered tree is unmounted before the bar is cleared: this hook runs before the setup
 * file's cleanup, and clearing a bar that is still on screen would re-render it outside act().
 */
export function mockFetch(answer?: typeof fetch) {
  const fetchMock = vi.fn<typeof fetch>(answer);
  beforeEach(() => {
    resetApiClientState();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useNotificationStore.getState().clear();
  });
  return fetchMock;
}
