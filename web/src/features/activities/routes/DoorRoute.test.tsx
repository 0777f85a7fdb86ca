import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Door } from '@/features/activities/api/door';
import { DoorRoute } from '@/features/activities/routes/DoorRoute';
import { mockFetch } from '@/testing/fetch';
import { participant } from '@/testing/participants';
import { renderWithProviders } from '@/testing/render';

const DOOR: Door = {
  date: '2026-12-12',
  organization_id: 'o1',
  sessions: [
    {
      session_id: 's1',
      activity_id: 'a1',
      activity_name: 'Yoga in het park',
      start_time: '19:00',
      end_time: '20:00',
      starts_at: '2099-12-12T18:00:00Z',
      ends_at: '2099-12-12T19:00:00Z',
      spots: 12,
      booked: 3,
      present: 0,
      waiting: 0,
      bundles: [],
    },
  ],
};

const PARTICIPANTS = {
  session_id: 's1',
  spots: 12,
  taken: 1,
  left: 11,
  participants: [participant('b1', 'Anna', 'confirmed')],
  waiting_list: [],
  cancelled: [],
};

function open() {
  const router = createMemoryRouter([{ path: '/organizations/:organizationId/door', element: <DoorRoute /> }], {
    initialEntries: ['/organizations/o1/door?date=2026-12-12'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

/** The element the open session's button says it controls. */
async function panelOfTheOpenSession() {
  const button = await screen.findByRole('button', { name: /Yoga in het park/, expanded: true });
  const id = button.getAttribute('aria-controls') ?? '';
  expect(id).not.toBe('');
  return document.getElementById(id);
}

describe('the door', () => {
  const fetchMock = mockFetch();

  it('has the open session’s panel while its participants load', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/door')) return new Response(JSON.stringify({ data: DOOR }));
      return new Promise<Response>(() => {}); // the participants never come
    });
    open();
    const panel = await panelOfTheOpenSession();
    expect(panel).not.toBeNull();
    expect(panel).toContainElement(screen.getByTestId('skeleton'));
  });

  it('says in the open session’s panel when its participants could not be had, and asks again', async () => {
    let failing = true;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/door')) return new Response(JSON.stringify({ data: DOOR }));
      if (failing) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
      return new Response(JSON.stringify({ data: PARTICIPANTS }));
    });
    open();
    await screen.findByRole('button', { name: /Yoga in het park/, expanded: true });
    // The panel the open session's button names says it, as an alert.
    await screen.findByText('The list could not be loaded');
    const failed = (await panelOfTheOpenSession()) as HTMLElement;
    expect(failed).toHaveAttribute('role', 'alert');
    expect(failed).toHaveTextContent('The list could not be loaded');
    expect(screen.queryByTestId('skeleton')).toBeNull();

    failing = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Anna Jansen/)).toBeInTheDocument();
    const shown = await panelOfTheOpenSession();
    expect(shown).not.toHaveAttribute('role', 'alert');
    expect(shown).toContainElement(screen.getByText(/Anna Jansen/));
  });
});
