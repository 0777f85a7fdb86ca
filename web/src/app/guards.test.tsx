import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { RedirectIfAuthenticated, RequireAuth, RequirePermission, RequireRole } from '@/app/guards';
import { useAuthStore, type Profile } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <RedirectIfAuthenticated><Where /></RedirectIfAuthenticated> },
      { path: '/application', element: <Where /> },
      { path: '/organizations/:id', element: <Where /> },
      { path: '/admin/applications', element: <Where /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/admin/sports', element: <RequireRole role="superadmin"><Where /></RequireRole> },
          {
            path: '/application/campaigns',
            element: <RequirePermission ability="view-campaigns" redirectTo="/admin/applications"><Where /></RequirePermission>,
          },
          { path: '/application/reports', element: <RequirePermission ability="view-reports"><Where /></RequirePermission> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return () => screen.getByTestId('where').textContent;
}

function logIn(profile: Profile) {
  useAuthStore.getState().setLogin({
    api_token: { token: 't', refresh_token: 'r', expires_at: '2030-01-01T00:00:00Z' },
    user: { id: 'u', first_name: 'A', last_name: 'B', avatar_url: null, email: 'a@b.c', applications: [] },
  });
  useAuthStore.getState().setProfile(profile);
}

describe('route guards', () => {
  afterEach(() => {
    // Unmount first: logging out under a mounted guard would navigate outside act().
    cleanup();
    useAuthStore.getState().clear();
    useContextStore.getState().clear();
  });

  it('sends a visitor to login with the full path to come back to', () => {
    const where = renderAt('/admin/sports?search=pa');
    expect(where()).toBe(`/login?redirect=${encodeURIComponent('/admin/sports?search=pa')}`);
  });

  it('needs a profile as well as a token', () => {
    useAuthStore.getState().setLogin({
      api_token: { token: 't', refresh_token: 'r', expires_at: '' },
      user: { id: 'u', first_name: 'A', last_name: 'B', avatar_url: null, email: 'a@b.c', applications: [] },
    });
    expect(renderAt('/admin/sports')()).toMatch(/^\/login\?redirect=/);
  });

  it('sends a logged-in user from login to the overview', () => {
    logIn({ roles: ['superadmin'], abilities: [], organizations: [] });
    expect(renderAt('/login')()).toBe('/application');
  });

  it('overview of an organisation user is their organisation', () => {
    logIn({ roles: ['organization'], abilities: [], organizations: [{ id: 'o7', name: 'Club' }] });
    useContextStore.getState().setOrganizationId('o7');
    expect(renderAt('/login')()).toBe('/organizations/o7');
  });

  it('lets a superadmin into the admin area, others to login and on to their overview', () => {
    logIn({ roles: ['superadmin'], abilities: [], organizations: [] });
    expect(renderAt('/admin/sports')()).toBe('/admin/sports');
  });

  it('role guard without redirect_to says which role the page needs, and links home', () => {
    logIn({ roles: ['organization'], abilities: [], organizations: [{ id: 'o7', name: 'Club' }] });
    useContextStore.getState().setOrganizationId('o7');
    renderAt('/admin/sports');
    expect(screen.getByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page is for the superadmin role only.');
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute('href', '/organizations/o7');
  });

  it('permission guard without redirect_to names the missing permission', () => {
    logIn({ roles: ['admin'], abilities: ['view-application'], organizations: [] });
    renderAt('/application/reports');
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the ‘view-reports’ permission');
    expect(screen.getByRole('link', { name: 'Why denied?' })).toHaveAttribute('href', '/why-denied?permission=view-reports');
  });

  it('permission guard follows redirect_to, and allows wildcard abilities', () => {
    logIn({ roles: ['admin'], abilities: ['view-application'], organizations: [] });
    expect(renderAt('/application/campaigns')()).toBe('/admin/applications');
  });

  it('permission guard passes with a matching wildcard', () => {
    logIn({ roles: ['admin'], abilities: ['view-*'], organizations: [] });
    expect(renderAt('/application/campaigns')()).toBe('/application/campaigns');
  });
});
