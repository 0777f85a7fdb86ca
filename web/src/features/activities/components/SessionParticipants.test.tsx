import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionParticipants } from '@/features/activities/components/SessionParticipants';
import '@/features/activities/i18n';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const person = (id: string, first: string, status: string, attendance = 'none') => ({
  booking_id: id,
  customer_id: null,
  first_name: first,
  last_name: 'Jansen',
  email: `${first.toLowerCase()}@example.test`,
  date_of_birth: '',
  gender: '',
  notes: '',
  status,
  by_staff: false,
  attendance,
  checked_in_at: null,
  refund_percent: null,
  moved_from: null,
  moved_to: null,
  booked_at: '2026-11-26T08:00:00Z',
  qr_code: 'B1.x.y',
});

const answer = {
  session_id: 's1',
  spots: 1,
  taken: 1,
  left: 0,
  participants: [person('b1', 'Anna', 'confirmed', 'present')],
  waiting_list: [person('b2', 'Bram', 'waitlisted')],
  cancelled: [person('b3', 'Cor', 'cancelled')],
};

function renderList() {
  const router = createMemoryRouter([
    { path: '/', element: <SessionParticipants activityId="a1" sessionId="s1" date="2026-12-01" base="/organizations/o1/activities/a1" /> },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
}

describe('SessionParticipants', () => {
  const fetchMock = mockFetch();

  it('shows spots, attendance, the waiting list in order and who left', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: answer })));
    renderList();
    expect(await screen.findByTestId('participants-counts')).toHaveTextContent('1 of 1 spots taken, 0 left');
    expect(screen.getByLabelText('Attendance of Anna Jansen')).toHaveValue('present');
    expect(screen.getByTestId('waiting-list')).toHaveTextContent('Bram Jansen');
    expect(screen.getByTestId('cancelled')).toHaveTextContent('Cor Jansen · cancelled');
    expect(screen.getByRole('link', { name: 'QR check-in' })).toHaveAttribute('href', '/organizations/o1/activities/a1/sessions/s1/qr-checkin');
  });

  it('removes a participant only after confirmation', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'DELETE'
        ? new Response(JSON.stringify({ data: { id: 's1', version: 3 }, meta: { position: '1.0' } }))
        : new Response(JSON.stringify({ data: answer })),
    );
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Remove Anna Jansen from this session?');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe('/v1/admin/sessions/s1/participants/b1'),
    );
  });
});
