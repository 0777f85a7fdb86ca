import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionParticipants } from '@/features/activities/components/SessionParticipants';
import '@/features/activities/i18n';
import { useAuthStore } from '@/stores/auth';
import { useNotificationStore } from '@/stores/notification';
import { mockFetch } from '@/testing/fetch';
import { participant } from '@/testing/participants';
import { renderWithProviders } from '@/testing/render';

const answer = {
  session_id: 's1',
  spots: 1,
  taken: 1,
  left: 0,
  participants: [participant('b1', 'Anna', 'confirmed', 'present')],
  waiting_list: [participant('b2', 'Bram', 'waitlisted')],
  cancelled: [participant('b3', 'Cor', 'cancelled')],
};

function renderList() {
  const router = createMemoryRouter([
    { path: '/', element: <SessionParticipants activityId="a1" sessionId="s1" date="2026-12-01" base="/organizations/o1/activities/a1" /> },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
}

describe('SessionParticipants', () => {
  const fetchMock = mockFetch();
  // Staff who run the session (a reader's view has its own test below).
  beforeEach(() => useAuthStore.getState().setProfile({ roles: [], abilities: ['view-activities', 'edit-activity', 'check-in-participants'], organizations: [] }));
  afterEach(() => useAuthStore.setState({ profile: null }));

  it('shows a reader the list and its attendance, but no control the server would refuse', async () => {
    useAuthStore.getState().setProfile({ roles: [], abilities: ['view-activities'], organizations: [] });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: answer })));
    renderList();
    const row = (await screen.findAllByTestId('participant'))[0];
    expect(row).toHaveTextContent('Anna Jansen');
    expect(row).toHaveTextContent('Present');
    expect(screen.queryByRole('group', { name: 'Attendance of Anna Jansen' })).not.toBeInTheDocument();
    for (const name of ['Add participant', 'Contact participants', 'Move', 'Remove']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'QR check-in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // What a reader may do stays: the export and each booking's history.
    expect(screen.getByRole('button', { name: 'Export participants' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'History of Anna Jansen' })).toBeInTheDocument();
  });

  it('says when the list could not be loaded, and loads it on asking again', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 }));
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: answer })));
    renderList();
    // The list's own alert (the failed request is also said in the notifications).
    const alert = (await screen.findByText('The list could not be loaded')).closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByTestId('participant'))[0]).toHaveTextContent('Anna Jansen');
    expect(screen.queryByText('The list could not be loaded')).toBeNull();
  });

  it('lets a door keeper mark attendance, and nothing that edits the activity', async () => {
    useAuthStore.getState().setProfile({ roles: [], abilities: ['view-activities', 'check-in-participants'], organizations: [] });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: answer })));
    renderList();
    expect(await screen.findByRole('group', { name: 'Attendance of Anna Jansen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'QR check-in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add participant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('shows spots, attendance, the waiting list in order and who left', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: answer })));
    renderList();
    expect(await screen.findByTestId('participants-counts')).toHaveTextContent('1 of 1 spots taken, 0 left');
    const attendance = screen.getByRole('group', { name: 'Attendance of Anna Jansen' });
    expect(within(attendance).getByRole('button', { name: 'Present' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(attendance).getByRole('button', { name: 'Absent' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('waiting-list')).toHaveTextContent('Bram Jansen');
    expect(screen.getByTestId('cancelled')).toHaveTextContent('Cor Jansen · cancelled');
    expect(screen.getByRole('link', { name: 'QR check-in' })).toHaveAttribute('href', '/organizations/o1/activities/a1/sessions/s1/qr-checkin');
  });

  it('marks attendance in one tap, says so in the live region and undoes it', async () => {
    const puts: { url: string; body: unknown }[] = [];
    let current = 'present';
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { attendance: string };
        puts.push({ url: String(input), body });
        current = body.attendance;
        return new Response(JSON.stringify({ data: { id: 's1', version: 5 }, meta: { position: '1.0' } }));
      }
      return new Response(JSON.stringify({ data: { ...answer, participants: [participant('b1', 'Anna', 'confirmed', current)] } }));
    });
    renderList();
    const feedback = await screen.findByTestId('attendance-feedback');
    expect(feedback).toHaveAttribute('role', 'status');
    await userEvent.click(await screen.findByRole('button', { name: 'Absent' }));
    expect(await within(feedback).findByText(/Anna Jansen: Absent\./)).toBeInTheDocument();
    expect(puts[0]).toEqual({ url: '/v1/admin/sessions/s1/participants/b1/attendance', body: { attendance: 'absent' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Absent' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(within(feedback).getByRole('button', { name: 'Undo' }));
    expect(await within(feedback).findByText(/Anna Jansen: Present\./)).toBeInTheDocument();
    expect(puts[1]?.body).toEqual({ attendance: 'present' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Present' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('mails the selected participants after a preview with their own name filled in', async () => {
    const posted: unknown[] = [];
    const two = { ...answer, spots: 2, taken: 2, participants: [participant('b1', 'Anna', 'confirmed'), participant('b4', 'Dirk', 'confirmed')] };
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ data: { sent: 1 } }));
      }
      // A selection asks the activity's other sessions, the bulk move's targets.
      if (String(input).startsWith('/v1/admin/activities/a1/participants')) return new Response(JSON.stringify({ data: [] }));
      return new Response(JSON.stringify({ data: two }));
    });
    renderList();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Dirk Jansen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Contact selected (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact participants' });
    expect(within(dialog).getByTestId('contact-recipients')).toHaveTextContent('To the 1 selected participant with an email address: Dirk Jansen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 1 participant' }));
    expect(posted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Subject/ }));
    await userEvent.paste('Pool closed');
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Message/ }));
    await userEvent.paste('Dear {first_name}, no lesson today.');
    expect(within(dialog).getByTestId('contact-preview')).toHaveTextContent('Preview for Dirk Jansen');
    expect(within(dialog).getByTestId('contact-preview')).toHaveTextContent('Dear Dirk, no lesson today.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 1 participant' }));
    await waitFor(() => expect(useNotificationStore.getState().current?.message).toBe('Message sent to 1 participant'));
    expect(posted).toEqual([{ subject: 'Pool closed', message: 'Dear {first_name}, no lesson today.', booking_ids: ['b4'] }]);
  });

  it('bulk: marks the selected present on the shared bulk parts, previews each change, skips who is there and undoes', async () => {
    const puts: { url: string; body: unknown }[] = [];
    const two = { ...answer, spots: 2, taken: 2, participants: [participant('b1', 'Anna', 'confirmed'), participant('b4', 'Dirk', 'confirmed', 'present')] };
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        puts.push({ url: String(input), body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ data: { id: 's1', version: 5 }, meta: { position: '1.0' } }));
      }
      if (String(input).startsWith('/v1/admin/activities/a1/participants')) return new Response(JSON.stringify({ data: [] }));
      return new Response(JSON.stringify({ data: two }));
    });
    renderList();
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    await userEvent.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select Dirk Jansen' })).toBeChecked();
    await userEvent.click(within(bar).getByRole('button', { name: 'Mark present (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark present: 2 selected' });
    expect(within(dialog).getByTestId('bulk-changes')).toHaveTextContent('Anna Jansen: Not marked → Present');
    expect(dialog).toHaveTextContent('Dirk Jansen: already present, stays so');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark present (1)' }));
    expect(await within(dialog).findByTestId('bulk-result')).toHaveTextContent('1 done (mark present).');
    expect(puts).toEqual([{ url: '/v1/admin/sessions/s1/participants/b1/attendance', body: { attendance: 'present' } }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await within(dialog).findByText('1 undone.')).toBeInTheDocument();
    expect(puts[1]).toEqual({ url: '/v1/admin/sessions/s1/participants/b1/attendance', body: { attendance: 'none' } });
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
  it('adds a participant by hand: the server refuses an age on the field, then the name is confirmed', async () => {
    const posted: unknown[] = [];
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method !== 'POST') return new Response(JSON.stringify({ data: answer }));
      posted.push(JSON.parse(String(init.body)));
      return posted.length === 1
        ? new Response(
            JSON.stringify({ errors: { message: 'The given data was invalid.', fields: { 'participant.date_of_birth': 'Too young for this activity' } } }),
            { status: 422 },
          )
        : new Response(JSON.stringify({ data: { id: 's1', version: 4 }, meta: { position: '1.0' } }));
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Add participant' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Kim');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Klant');
    await userEvent.type(within(dialog).getByLabelText('Date of birth'), '2020-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add participant' }));
    expect(await within(dialog).findByText('Too young for this activity')).toBeVisible();
    await userEvent.clear(within(dialog).getByLabelText('Date of birth'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add participant' }));
    await waitFor(() => expect(useNotificationStore.getState().current?.message).toBe('Kim Klant added'));
    expect(posted.at(-1)).toEqual({
      participant: { first_name: 'Kim', last_name: 'Klant', email: '', date_of_birth: '', gender: '', notes: '' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows a booking's history: who did what, the waiting list's promotion by name of the system", async () => {
    const history = [
      { event: 'booked', at: '2026-11-20T09:12:00Z', actor: { id: 'u2', name: 'Bram Klant' }, detail: { status: 'waitlisted' } },
      { event: 'promoted', at: '2026-11-22T17:40:00Z', actor: null, system: 'process:waitlist-promotion', detail: { status: 'confirmed' } },
    ];
    fetchMock.mockImplementation(async (input) =>
      new Response(JSON.stringify({ data: String(input).endsWith('/history') ? history : answer })),
    );
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'History of Bram Jansen' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('History of Bram Jansen');
    const steps = await within(dialog).findByTestId('booking-history');
    expect(steps).toHaveTextContent('Booked by Bram Klant · on the waiting list');
    expect(steps).toHaveTextContent('Got a spot from the waiting list by the waiting list');
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/v1/admin/sessions/s1/participants/b2/history')).toBe(true);
  });
});
