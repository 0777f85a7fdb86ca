import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/routes';
import { useAuthStore, type Profile } from '@/stores/auth';
import { useContextStore } from '@/stores/context';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

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

const authAnswers: typeof fetch = async (input, init) => {
  const url = String(input);
  if (url === '/v1/auth/login' && init?.method === 'POST') return json(200, loginAnswer);
  if (url.startsWith('/v1/admin/profile')) {
    return json(200, { data: { roles: ['superadmin'], abilities: [], organizations: [{ id: 'o1', name: 'Club' }] } });
  }
  if (url.startsWith('/v1/admin/organizations/simple')) {
    return json(200, { data: [], meta: { pagination: { total: 0, page: 1, itemsPerPage: 5 } } });
  }
  return json(404, { errors: { message: 'Not found' } });
};

const wallet = {
  id: 'w1',
  name: 'Zomer tegoed',
  slug: 'zomer-tegoed',
  icon_id: null,
  included_labels: [],
  excluded_labels: [],
  price_display_mode: 'moves',
  can_top_up: true,
  can_top_up_once: false,
  coupons_count: 0,
  version: 1,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

const walletAnswers: typeof fetch = async (input) => {
  const url = String(input);
  if (url.startsWith('/v1/admin/organizations/simple') || url.startsWith('/v1/admin/wallets?')) {
    return json(200, { data: [], meta: { pagination: { total: 0, page: 1, itemsPerPage: 25 } } });
  }
  if (url === '/v1/admin/wallets/w1') return json(200, { data: wallet });
  return json(404, { errors: { message: 'Not found' } });
};

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function renderAs(profile: Profile, path: string) {
  useAuthStore.getState().setLogin(loginAnswer);
  useAuthStore.getState().setProfile(profile);
  return renderAt(path);
}

/** On the application overview, once it has loaded its statistics. */
async function waitForOverview(router: ReturnType<typeof renderAt>) {
  expect(await screen.findByRole('heading', { name: 'Application overview' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/application');
  await waitFor(() => expect(screen.queryByTestId('skeleton')).not.toBeInTheDocument());
}

afterEach(() => {
  // Unmount first: logging out under the mounted app would send it to login outside act().
  cleanup();
  useAuthStore.getState().clear();
  useContextStore.getState().clear();
});

describe('routes', () => {
  const fetchMock = mockFetch(authAnswers);

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

  it('the root path goes home: the overview when logged in, without logging out', async () => {
    useAuthStore.getState().setLogin(loginAnswer);
    useAuthStore.getState().setProfile({ roles: ['superadmin'], abilities: [], organizations: [] });
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/application'));
    expect(useAuthStore.getState().token).toBe('t1');
    expect(fetchMock.mock.calls.some(([input]) => input === '/v1/auth/logout')).toBe(false);
  });

  it('the root path shows the login screen to a visitor', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('wallet routes', () => {
  mockFetch(walletAnswers);

  it('opens the application’s wallets with view-wallets, without the New button when managing is not allowed', async () => {
    renderAs({ roles: ['admin'], abilities: ['view-wallets'], organizations: [] }, '/application/wallets');
    expect(await screen.findByRole('heading', { name: 'Wallets' })).toBeInTheDocument();
    // The list comes in a lazily loaded ag-grid; an empty list shows our empty state, never ag-grid's own.
    const grid = within(await screen.findByRole('region', { name: 'Wallets' }));
    expect(await grid.findByRole('columnheader', { name: /Name/ })).toBeInTheDocument();
    expect(grid.queryByText('No Rows To Show')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New wallet' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Application' })).toHaveTextContent('Wallets');
  });

  it('tells users without view-wallets which permission the application’s wallets need', async () => {
    const router = renderAs({ roles: ['admin'], abilities: ['view-application'], organizations: [] }, '/application/wallets');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.getByTestId('forbidden')).toHaveTextContent('needs the ‘View wallets’ permission');
    expect(router.state.location.pathname).toBe('/application/wallets');
    await userEvent.click(screen.getByRole('link', { name: 'Go to your home page' }));
    await waitForOverview(router);
  });

  it('keeps the admin area’s wallets for the superadmin and says so', async () => {
    renderAs({ roles: ['admin'], abilities: ['*'], organizations: [] }, '/admin/wallets');
    expect(await screen.findByTestId('forbidden')).toHaveTextContent('for the superadmin role only');
    expect(screen.getByRole('main')).toContainElement(screen.getByTestId('forbidden'));
  });

  it('shows a wallet’s tabs in the admin area, Customers only with redeem-coupons', async () => {
    renderAs({ roles: ['superadmin'], abilities: [], organizations: [] }, '/admin/wallets/w1');
    expect(await screen.findByRole('heading', { name: 'Zomer tegoed' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Zomer tegoed' });
    expect(tabs).toHaveTextContent('SettingsCouponsRedeemedStatisticsCustomers');
    expect(await screen.findByLabelText('Slug')).toHaveValue('zomer-tegoed');
    const adminNavigation = within(screen.getByRole('navigation', { name: 'Administration' }));
    expect(adminNavigation.getByRole('link', { name: 'Wallets' })).toHaveAttribute('href', '/admin/wallets');
  });

  it('opens a wallet of the application area on its statistics, Settings at its own address (spec §2, 1503)', async () => {
    const router = renderAs({ roles: ['admin'], abilities: ['view-wallets', 'manage-wallets'], organizations: [] }, '/application/wallets/w1');
    expect(await screen.findByRole('heading', { name: 'Zomer tegoed' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Zomer tegoed' }));
    expect(screen.getByRole('navigation', { name: 'Zomer tegoed' })).toHaveTextContent('StatisticsSettingsCouponsRedeemed');
    expect(tabs.getByRole('link', { name: 'Statistics' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/application/wallets/w1/settings');
    await userEvent.click(tabs.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByLabelText('Slug')).toHaveValue('zomer-tegoed');
    // The old statistics address still works: it goes to the wallet's own.
    await act(() => router.navigate('/application/wallets/w1/statistics'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/wallets/w1'));
  });
});
