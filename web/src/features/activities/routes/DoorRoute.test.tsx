import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Door } from '@/features/activities/api/door';
import { DoorRoute } from '@/features/activities/routes/DoorRoute';
import { mockFetch } from '@/testing/fetch';
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

  it('has the open session’s panel when its participants could not be had', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/door')) return new Response(JSON.stringify({ data: DOOR }));
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
    });
    open();
    await screen.findByRole('button', { name: /Yoga in het park/, expanded: true });
    // Once the list has failed, the skeleton is gone and the (empty) panel stays.
    await waitFor(() => expect(screen.queryByTestId('skeleton')).toBeNull());
    expect(await panelOfTheOpenSession()).not.toBeNull();
  });
});
