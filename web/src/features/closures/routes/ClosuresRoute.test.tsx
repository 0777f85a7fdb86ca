import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Closure } from '@/features/closures/api/closures';
import { ClosuresRoute } from '@/features/closures/routes/ClosuresRoute';
import { useAuthStore } from '@/stores/auth';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const ORGANIZATION = 'o1';

const CLOSURE: Closure = {
  id: 'c1',
  organization_id: ORGANIZATION,
  location_id: null,
  location_name: null,
  from: '2027-01-04',
  until: '2027-01-05',
  reason: 'Zwembad dicht',
  sessions_planned: 3,
  sessions_closed: 2,
  sessions_skipped: 1,
  bookings_cancelled: 5,
  bundle_holders: 4,
  planned_at: '2026-12-01T09:00:00Z',
};

describe('closures list', () => {
  mockFetch(async (input) =>
    String(input).startsWith(`/v1/admin/organizations/${ORGANIZATION}/closures`)
      ? new Response(JSON.stringify({ data: [CLOSURE] }))
      : new Response('{}', { status: 404 }),
  );
  afterEach(() => useAuthStore.setState({ profile: null }));

  it('counts the bundle holders told with the cancelled bookings (decisions 1770, 1820)', async () => {
    useAuthStore.getState().setProfile({ roles: [], abilities: ['view-activities'], organizations: [] });
    const router = createMemoryRouter([{ path: '/organizations/:organization_id/closures', element: <ClosuresRoute /> }], {
      initialEntries: [`/organizations/${ORGANIZATION}/closures`],
    });
    renderWithProviders(<RouterProvider router={router} />);
    const row = await screen.findByRole('row', { name: /Zwembad dicht/ });
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent('2 of 3 sessions, 5 bookings, 4 bundle holders');
  });
});
