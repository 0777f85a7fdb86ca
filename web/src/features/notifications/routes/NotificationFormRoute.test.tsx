import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NotificationFormRoute } from '@/features/notifications/routes/NotificationFormRoute';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const SETTINGS = {
  advised_length: 100,
  max_length: 240,
  max_title_length: 65,
  variables: ['first_name', 'last_name', 'app_name'],
  zone: 'Europe/Amsterdam',
  app_name: 'Sportief Zwolle',
};

const SENT = {
  id: 'n1',
  title: 'Nieuw',
  contents: 'Hallo {first_name}',
  send_on: '2026-12-01T09:30',
  zone: 'Europe/Amsterdam',
  send_at: '2026-12-01T08:30:00Z',
  status: 'sent',
  recipients: 42,
  sent_at: '2026-12-01T08:30:05Z',
  editable: false,
  version: 1,
  created_at: '',
  updated_at: '',
};

function answer(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = String(input);
  if (init?.method === 'POST') return new Response(JSON.stringify({ data: { id: 'n2', version: 0 }, meta: { position: '9.0' } }), { status: 201 });
  if (url.startsWith('/v1/admin/notifications/settings')) return new Response(JSON.stringify({ data: SETTINGS }));
  if (url.startsWith('/v1/admin/notifications/n1')) return new Response(JSON.stringify({ data: SENT }));
  return new Response('{}', { status: 404 });
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/application/notifications/create', element: <NotificationFormRoute /> },
      { path: '/application/notifications/:notification_id', element: <NotificationFormRoute /> },
      { path: '/application/notifications', element: <p>overview</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('notification form', () => {
  const fetchMock = mockFetch(async (input, init) => answer(input, init));

  it('counts against the advice, previews for a sample customer, refuses unknown variables and sends the local time', async () => {
    const router = open('/application/notifications/create');
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await userEvent.type(title, 'Nieuw bij {{app_name}');
    const text = screen.getByRole('textbox', { name: /^Text/ });
    await userEvent.type(text, 'Hallo {{first_name} {{voornaam}');
    expect(screen.getByTestId('notification-preview')).toHaveTextContent('Sportief ZwolleNieuw bij Sportief ZwolleHallo Sam {voornaam}');
    expect(screen.getByText('29 of 100 advised characters (at most 240)')).toBeInTheDocument();
    expect(screen.getByText('Date and time in Dutch time, on the 24-hour clock (for example 09:30).')).toBeInTheDocument();
    // The date in the browser's date field, the time in our 24-hour field (never datetime-local).
    const date = screen.getByLabelText(/^Send on\*?$/);
    expect(date).toHaveAttribute('type', 'date');
    await userEvent.type(date, '2027-01-15');
    const time = screen.getByRole('textbox', { name: 'Send on: time' });
    await userEvent.type(time, '930');
    await userEvent.tab();
    expect(time).toHaveValue('09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('The text field holds the unknown variable {voornaam}')).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.clear(text);
    await userEvent.type(text, `Hallo {{first_name}, ${'x'.repeat(100)}`);
    expect(screen.getByText(/longer than the advised 100/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/notifications'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      title: 'Nieuw bij {app_name}',
      contents: `Hallo {first_name}, ${'x'.repeat(100)}`,
      send_on: '2027-01-15T09:30',
    });
  }, 45_000);

  it('shows a sent notification without a form', async () => {
    open('/application/notifications/n1');
    expect(await screen.findByText('Sent to 42 customers')).toBeInTheDocument();
    expect(screen.getByText(/can no longer be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
