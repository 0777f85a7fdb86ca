import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/routes';
import { resetApiClientState } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

const loginAnswer = {
  api_token: { token: 't1', refresh_token: 'r1', expires_at: '2030-01-01T00:00:00Z' },
  user: {
    id: 'u1',
    first_name: 'Super',
    last_name: 'Admin',
    avatar_url: null,
    email: 'superadmin@move.test',
    applications: [{ id: 'app-1', name: 'Move Demo', slug: 'demo' }],
  },
};

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
}

const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  if (url === '/v1/auth/login' && init?.method === 'POST') return json(200, loginAnswer);
  if (url.startsWith('/v1/admin/profile')) {
    return json(200, { data: { roles: ['superadmin'], abilities: [], organizations: [{ id: 'o1', name: 'Club' }] } });
  }
  if (url.startsWith('/v1/admin/organizations/simple')) {
    return json(200, { data: [], meta: { pagination: { total: 0, page: 1, itemsPerPage: 5 } } });
  }
  return json(404, { errors: { message: 'Not found' } });
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  beforeEach(() => {
    resetApiClientState();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().clear();
    useContextStore.getState().clear();
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends a deep link through login and back, storing the application and profile', async () => {
    const router = renderAt('/admin/product-types/create');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/product-types/create')}`);

    await userEvent.type(screen.getByLabelText('Email'), 'superadmin@move.test');
    await userEvent.type(screen.getByLabelText('Password'), 'move-demo-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'New product type' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/product-types/create');
    expect(useContextStore.getState().applicationId).toBe('app-1');
    expect(useContextStore.getState().organizationId).toBe('o1');
    expect(useAuthStore.getState().profile?.roles).toEqual(['superadmin']);
    const profileCall = fetchMock.mock.calls.find(([input]) => String(input).startsWith('/v1/admin/profile'));
    expect((profileCall?.[1]?.headers as Record<string, string>).ApplicationId).toBe('app-1');
  });

  it('the root path logs out and lands on login', async () => {
    useAuthStore.getState().setLogin(loginAnswer);
    useAuthStore.getState().setProfile({ roles: ['superadmin'], abilities: [], organizations: [] });
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuthStore.getState().token).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => input === '/v1/auth/logout')).toBe(true);
  });
});
