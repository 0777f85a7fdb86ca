import { screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { Activity } from '@/features/activities/api/types';
import { ActivitySessionRoute } from '@/features/activities/routes/ActivitySessionRoute';
import type { ActivityContext } from '@/features/activities/routes/ActivityLayoutRoute';
import { useAuthStore } from '@/stores/auth';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const SESSION = {
  id: 's1',
  activity_id: 'a1',
  series_id: 'se1',
  date: '2026-12-01',
  start_time: '19:00',
  end_time: '20:00',
  spots: 12,
  repeats: true,
  repetition: { type: 'weeks', every: 1, days: ['tuesday'], until: '2027-01-31' },
  subscribe_rules: { from: { minutes_before: 2880, at: null }, until: { minutes_before: 90, at: null } },
};

const PARTICIPANTS = { session_id: 's1', spots: 12, taken: 0, left: 12, participants: [], waiting_list: [], cancelled: [] };

function Layout() {
  return <Outlet context={{ activity: { id: 'a1', organization_id: 'o1' } as Activity, base: '/organizations/o1/activities/a1' } satisfies ActivityContext} />;
}

function open(abilities: string[]) {
  useAuthStore.getState().setProfile({ roles: [], abilities, organizations: [] });
  const router = createMemoryRouter(
    [{ path: '/organizations/o1/activities/a1', element: <Layout />, children: [{ path: 'sessions/:sessionId', element: <ActivitySessionRoute /> }] }],
    { initialEntries: ['/organizations/o1/activities/a1/sessions/s1'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('one session', () => {
  mockFetch(async (input) => {
    const url = String(input);
    if (url.includes('/participants')) return new Response(JSON.stringify({ data: PARTICIPANTS }));
    if (url.startsWith('/v1/admin/sessions/s1')) return new Response(JSON.stringify({ data: SESSION }));
    return new Response('{}', { status: 404 });
  });
  afterEach(() => useAuthStore.setState({ profile: null }));

  it('shows its values, not an editor or a delete button, to a user who may not edit activities', async () => {
    open(['view-activities', 'check-in-participants']);
    const facts = await screen.findByRole('region', { name: 'This session' });
    expect(facts).toHaveTextContent('Spots12');
    expect(facts).toHaveTextContent('Booking opens48 hours before the start');
    expect(facts).toHaveTextContent('Booking closes90 minutes before the start');
    expect(facts).toHaveTextContent('Part of a repeating series');
    expect(screen.queryByText('Edit this session')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('offers the editor to a user who may edit activities', async () => {
    open(['view-activities', 'edit-activity']);
    expect(await screen.findByText('Edit this session')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'This session' })).not.toBeInTheDocument();
  });
});
