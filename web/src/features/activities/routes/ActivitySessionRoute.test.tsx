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

  it('shows the editor read-only, with no button the server would refuse, to a user who may not edit activities', async () => {
    open(['view-activities', 'check-in-participants']);
    // Folded under the participants, named for what it is: this session, not "Edit".
    expect(await screen.findByText('This session')).toBeInTheDocument();
    expect(screen.queryByText('Edit this session')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Spots\W*$/)).toBeDisabled();
    expect(screen.getByLabelText(/^Spots\W*$/)).toHaveValue(12);
    expect(screen.getByText('48 hours before the start')).toBeInTheDocument();
    expect(screen.getByText('90 minutes before the start')).toBeInTheDocument();
    expect(screen.getByTestId('series-sentence')).toHaveTextContent('Every week on Tue until 31 Jan 2027');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    // The preview and impact are edit-activity's routes: nothing asks them.
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/preview') || url.includes('impact'))).toBe(false);
  });

  it('offers the editor to a user who may edit activities', async () => {
    open(['view-activities', 'edit-activity']);
    expect(await screen.findByText('Edit this session')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Spots\W*$/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
