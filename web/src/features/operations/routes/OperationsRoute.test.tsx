import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperationsReport } from '@/features/operations/api/operations';
import { OperationsRoute } from '@/features/operations/routes/OperationsRoute';
import { useNotificationStore } from '@/stores/notification';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const report: OperationsReport = {
  measured_at: '2026-11-26T10:00:00Z',
  log: { head: '812.0', events: 12345 },
  projectors: [
    { name: 'identity', version: 3, code_version: 3, state: 'running', checkpoint: '812.0', lag: 0, lag_capped: false, rebuild_requested: false, rebuild_done: 0, rebuild_total: 0, parked: 0 },
    { name: 'orders', version: 1, code_version: 2, state: 'running', checkpoint: '700.0', lag: 10000, lag_capped: true, rebuild_requested: false, rebuild_done: 0, rebuild_total: 0, parked: 0 },
    {
      name: 'bookings',
      version: 1,
      code_version: 1,
      state: 'failed',
      checkpoint: '600.0',
      lag: 12,
      lag_capped: false,
      error: 'boom',
      failed_event_id: 'e-1',
      rebuild_requested: false,
      rebuild_done: 0,
      rebuild_total: 0,
      parked: 3,
    },
  ],
  queues: [{ name: 'held-spots', pending: 3, oldest: '2026-11-26T09:00:00Z' }],
  health: {
    ready: false,
    problems: [
      { read_model: 'bookings', reason: 'failed', detail: 'boom' },
      { read_model: 'activities', reason: 'parked', detail: '3 events parked' },
    ],
  },
  parked: [
    {
      projector: 'activities',
      application_id: 'app-a',
      stream: 'activity-1',
      event_id: 'e-9',
      event_type: 'session.scheduled.v1',
      position: '500.0',
      error: 'date/time field value out of range',
      first_attempt_at: '2026-11-26T09:00:00Z',
      last_attempt_at: '2026-11-26T09:30:00Z',
      attempts: 2,
      waiting: 2,
    },
  ],
  skips: [
    {
      projector: 'bundles',
      event_id: 'e-3',
      event_type: 'bundle.created.v1',
      stream: 'bundle-7',
      application_id: 'app-b',
      position: '300.0',
      error: 'boom',
      reason: 'test data',
      actor_id: 'user-1',
      skipped_at: '2026-11-25T08:00:00Z',
    },
  ],
  database: { connections: 14, max_connections: 100, pool_max: 8, pool_open: 5, pool_in_use: 1 },
};

const ok = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('OperationsRoute', () => {
  const fetchMock = mockFetch();

  it('shows each read model with its state and lag, the to-do lists and the connections', async () => {
    fetchMock.mockResolvedValue(ok({ data: report }));
    renderWithProviders(<OperationsRoute />);
    const table = await screen.findByTestId('operations-projectors');
    const orders = within(table).getByText('orders').closest('tr') as HTMLElement;
    expect(orders).toHaveTextContent('more than 10000');
    expect(orders).toHaveTextContent('1 (code 2: rebuilds on the next start)');
    const bookings = within(table).getByText('bookings').closest('tr') as HTMLElement;
    expect(bookings).toHaveTextContent('Failed');
    expect(bookings).toHaveTextContent('Retrying event e-1: boom');
    expect(bookings).toHaveTextContent('3 events parked');
    expect(screen.getByTestId('operations-queues')).toHaveTextContent('Held spots');
    expect(screen.getByTestId('operations-totals')).toHaveTextContent('14 of 100 in the cluster');
  });

  it('asks before a rebuild, then requests it', async () => {
    fetchMock.mockImplementation(async (_url: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? ok({ data: { id: 'identity', version: 0 }, meta: { position: '' } }, 202) : ok({ data: report }),
    );
    renderWithProviders(<OperationsRoute />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rebuild identity' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Rebuild identity?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rebuild' }));
    await waitFor(() => expect(useNotificationStore.getState().current?.message).toBe('Rebuild of identity requested'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/v1/admin/operations/projectors/identity/rebuild');
  });

  it('tells why the server is not ready, and lists parked events and the skip decisions', async () => {
    fetchMock.mockResolvedValue(ok({ data: report }));
    renderWithProviders(<OperationsRoute />);
    const health = await screen.findByTestId('operations-health');
    expect(health).toHaveTextContent('Not ready (/readyz answers 503)');
    expect(health).toHaveTextContent('bookings failed, retrying (boom)');
    expect(health).toHaveTextContent('activities has parked events (3 events parked)');
    const parked = within(screen.getByTestId('operations-parked')).getByText('activity-1').closest('tr') as HTMLElement;
    expect(parked).toHaveTextContent('session.scheduled.v1');
    expect(parked).toHaveTextContent('date/time field value out of range');
    expect(parked).toHaveTextContent('app-a');
    expect(parked.querySelectorAll('td')[6]).toHaveTextContent('2');
    const history = screen.getByTestId('operations-skips');
    expect(history).toHaveTextContent('bundle-7');
    expect(history).toHaveTextContent('test data');
    expect(history).toHaveTextContent('user-1');
  });

  it('retries a parked stream and says what happened', async () => {
    fetchMock.mockImplementation(async (_url: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? ok({ data: { applied: 0, parked: 3, error: 'still out of range' } }) : ok({ data: report }),
    );
    renderWithProviders(<OperationsRoute />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry activity-1 in activities' }));
    await waitFor(() => expect(useNotificationStore.getState().current?.message).toBe('0 applied, 3 still parked: still out of range'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/v1/admin/operations/projectors/activities/parked/retry');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ stream: 'activity-1' });
  });

  it('skips a parked event only with a reason', async () => {
    fetchMock.mockImplementation(async (_url: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? ok({ data: { applied: 2, parked: 0 } }) : ok({ data: report }),
    );
    renderWithProviders(<OperationsRoute />);
    await userEvent.click(await screen.findByRole('button', { name: 'Skip the first parked event of activity-1 in activities' }));
    const dialog = screen.getByRole('dialog', { name: 'Skip an event in activities?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip the event' }));
    expect(within(dialog).getByText('The reason field is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'a year-0 session from an old import');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip the event' }));
    await waitFor(() => expect(useNotificationStore.getState().current?.message).toBe('Event skipped; 2 applied, 0 still parked'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/v1/admin/operations/projectors/activities/parked/skip');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ stream: 'activity-1', reason: 'a year-0 session from an old import' });
  });
});
