import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NoAccessRoute } from '@/features/dashboard/routes/NoAccessRoute';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/testing/render';

function renderWith(roles: string[]) {
  useAuthStore.getState().setProfile({ roles, abilities: [], organizations: [] });
  const router = createMemoryRouter([{ path: '/no-access', element: <NoAccessRoute /> }], { initialEntries: ['/no-access'] });
  renderWithProviders(<RouterProvider router={router} />);
}

describe('NoAccessRoute', () => {
  afterEach(() => {
    // Unmount first: dropping the profile of a mounted screen would re-render it outside act().
    cleanup();
    useAuthStore.setState({ profile: null });
  });

  it('tells a customer the balance is in the app', () => {
    renderWith(['customer']);
    expect(screen.getByText(/customer account/)).toBeInTheDocument();
  });

  it('tells anyone else they have no access yet', () => {
    renderWith([]);
    expect(screen.getByText(/no access to an application/)).toBeInTheDocument();
  });

  it('names the page in its one heading', () => {
    renderWith([]);
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['No access']);
  });
});
