import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/routes';
import { resetApiClientState } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';
import { useAuthStore, type Profile } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

const login = {
  api_token: { token: 't1', refresh_token: 'r1', expires_at: '2030-01-01T00:00:00Z' },
  user: {
    id: 'u1',
    first_name: 'Ada',
    last_name: 'Admin',
    avatar_url: null,
    email: 'admin@move.test',
    applications: [{ id: 'app-1', name: 'Move Demo', slug: 'demo' }],
  },
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

const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  const json = (body: unknown) => new Response(JSON.stringify(body));
  if (url.startsWith('/v1/admin/organizations/simple') || url.startsWith('/v1/admin/wallets?')) {
    return json({ data: [], meta: { pagination: { total: 0, page: 1, itemsPerPage: 25 } } });
  }
  if (url === '/v1/admin/wallets/w1') return json({ data: wallet });
  return new Response(JSON.stringify({ errors: { message: 'Not found' } }), { status: 404 });
});

function renderAs(profile: Profile, path: string) {
  useAuthStore.getState().setLogin(login);
  useAuthStore.getState().setProfile(profile);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('wallet routes', () => {
  beforeEach(() => {
    resetApiClientState();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().clear();
    useContextStore.getState().clear();
  });

  it('opens the application’s wallets with view-wallets, without the New button when managing is not allowed', async () => {
    renderAs({ roles: ['admin'], abilities: ['view-wallets'], organizations: [] }, '/application/wallets');
    expect(await screen.findByRole('heading', { name: 'Wallets' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New wallet' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Application navigation' })).toHaveTextContent('Wallets');
  });

  it('keeps users without view-wallets out of the application’s wallets', async () => {
    const router = renderAs({ roles: ['admin'], abilities: ['view-application'], organizations: [] }, '/application/wallets');
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe('/application/wallets'));
  });

  it('keeps the admin area’s wallets for the superadmin', async () => {
    const router = renderAs({ roles: ['admin'], abilities: ['*'], organizations: [] }, '/admin/wallets');
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/wallets'));
  });

  it('shows a wallet’s tabs in the admin area, Customers only with redeem-coupons', async () => {
    renderAs({ roles: ['superadmin'], abilities: [], organizations: [] }, '/admin/wallets/w1');
    expect(await screen.findByRole('heading', { name: 'Zomer tegoed' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Zomer tegoed' });
    expect(tabs).toHaveTextContent('SettingsCouponsRedeemedStatisticsCustomers');
    expect(await screen.findByLabelText('Slug')).toHaveValue('zomer-tegoed');
    const adminNavigation = within(screen.getByRole('navigation', { name: 'Admin navigation' }));
    expect(adminNavigation.getByRole('link', { name: 'Wallets' })).toHaveAttribute('href', '/admin/wallets');
  });
});
