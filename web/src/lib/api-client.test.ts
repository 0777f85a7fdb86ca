import { api, ApiError, comparePositions, latestPosition, recordPosition, resetApiClientState } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { useAuthStore, type LoginResponse } from '@/stores/auth';
import { useContextStore } from '@/stores/context';
import { useNotificationStore } from '@/stores/notification';

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const login = (token: string): LoginResponse => ({
  api_token: { token, refresh_token: `refresh-${token}`, expires_at: '2030-01-01T00:00:00Z' },
  user: { id: 'u1', first_name: 'Sam', last_name: 'Super', avatar_url: null, email: 's@move.test', applications: [] },
});

const fetchMock = vi.fn<typeof fetch>();

function requestHeaders(call: number): Record<string, string> {
  return (fetchMock.mock.calls[call][1]?.headers ?? {}) as Record<string, string>;
}

beforeEach(() => {
  resetApiClientState();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.getState().setLogin(login('t1'));
  useAuthStore.getState().setProfile({ roles: ['superadmin'], abilities: [], organizations: [] });
  useContextStore.getState().setApplicationId('app-1');
  useNotificationStore.getState().clear();
});

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the bearer token, application id and language', async () => {
    await i18n.changeLanguage('nl');
    fetchMock.mockResolvedValueOnce(json(200, { data: [] }));
    await api('/v1/admin/sports', { query: { search: 'voet', page: 1, empty: '' } });
    expect(fetchMock.mock.calls[0][0]).toBe('/v1/admin/sports?search=voet&page=1');
    expect(requestHeaders(0)).toMatchObject({
      Authorization: 'Bearer t1',
      ApplicationId: 'app-1',
      'Accept-Language': 'nl',
    });
    await i18n.changeLanguage('en');
  });

  it('sends no credentials on anonymous calls', async () => {
    fetchMock.mockResolvedValueOnce(json(202, undefined));
    await api('/v1/auth/forgot-password', { method: 'POST', body: { email: 'a@b.c' }, anonymous: true });
    expect(requestHeaders(0).Authorization).toBeUndefined();
    expect(requestHeaders(0).ApplicationId).toBeUndefined();
  });

  it('remembers the latest command position and sends it on reads and writes', async () => {
    fetchMock
      .mockResolvedValueOnce(json(201, { data: { id: 's1', version: 1 }, meta: { position: '10.2' } }))
      .mockResolvedValueOnce(json(200, { meta: { position: '9.9' } }))
      .mockResolvedValueOnce(json(200, { data: [] }))
      .mockResolvedValueOnce(json(202, undefined));
    await api('/v1/admin/sports', { method: 'POST', body: { name: 'Padel' } });
    await api('/v1/admin/sports/s0', { method: 'DELETE' });
    await api('/v1/admin/sports');
    await api('/v1/auth/forgot-password', { method: 'POST', body: { email: 'a@b.c' }, anonymous: true });
    expect(latestPosition()).toBe('10.2');
    expect(requestHeaders(0)['X-Min-Position']).toBeUndefined();
    expect(requestHeaders(1)['X-Min-Position']).toBe('10.2');
    expect(requestHeaders(2)['X-Min-Position']).toBe('10.2');
    expect(requestHeaders(3)['X-Min-Position']).toBeUndefined();
  });

  it('compares positions numerically', () => {
    expect(comparePositions('10.1', '9.9')).toBe(1);
    expect(comparePositions('123.456', '123.456')).toBe(0);
    expect(comparePositions('2', '2.1')).toBe(-1);
    recordPosition('5');
    recordPosition('4');
    expect(latestPosition()).toBe('5');
  });

  it('shows the server message on failure and exposes field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      json(422, { errors: { message: 'De gegevens zijn ongeldig', fields: { name: 'De naam is verplicht' } } }),
    );
    const failure = api('/v1/admin/sports', { method: 'POST', body: {} });
    await expect(failure).rejects.toMatchObject({ status: 422, fields: { name: 'De naam is verplicht' } });
    expect(useNotificationStore.getState().current).toMatchObject({ message: 'De gegevens zijn ongeldig', kind: 'error' });
  });

  it('falls back to the generic translated message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    await expect(api('/v1/admin/sports')).rejects.toBeInstanceOf(ApiError);
    expect(useNotificationStore.getState().current?.message).toBe(
      'An error occurred while processing your request. Please try again later.',
    );
  });

  it('stays quiet when asked to, and when the request was aborted', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { errors: { message: 'Niet gevonden' } }));
    await expect(api('/v1/admin/files/x', { silent: true })).rejects.toMatchObject({ status: 404 });
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(api('/v1/admin/sports')).rejects.toThrow('aborted');
    expect(useNotificationStore.getState().current).toBeNull();
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { errors: { message: 'expired' } }))
      .mockResolvedValueOnce(json(200, login('t2')))
      .mockResolvedValueOnce(json(200, { data: { id: 'p' } }));
    await expect(api('/v1/admin/profile')).resolves.toEqual({ data: { id: 'p' } });
    expect(fetchMock.mock.calls[1][0]).toBe('/v1/token/refresh');
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ refresh_token: 'refresh-t1' });
    expect(requestHeaders(2).Authorization).toBe('Bearer t2');
    expect(useNotificationStore.getState().current).toBeNull();
  });

  it('shares one refresh between calls that fail together', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (input === '/v1/token/refresh') return json(200, login('t2'));
      return useAuthStore.getState().token === 't2' ? json(200, { ok: true }) : json(401, {});
    });
    await Promise.all([api('/v1/admin/a'), api('/v1/admin/b')]);
    expect(fetchMock.mock.calls.filter(([input]) => input === '/v1/token/refresh')).toHaveLength(1);
  });

  it('clears the login when the refresh fails, without a notification', async () => {
    fetchMock.mockResolvedValueOnce(json(401, {})).mockResolvedValueOnce(json(401, {}));
    await expect(api('/v1/admin/profile')).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().token).toBeNull();
    expect(useAuthStore.getState().profile).toBeNull();
    expect(useNotificationStore.getState().current).toBeNull();
  });
});
