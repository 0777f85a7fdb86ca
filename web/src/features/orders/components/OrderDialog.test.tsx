import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { OrderDialog } from '@/features/orders/components/OrderDialog';
import { useNotificationStore } from '@/stores/notification';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const order = {
  id: 'o1',
  application_id: 'a1',
  organization_id: 'g1',
  organization_name: 'Studio Zuid',
  customer_id: 'c1',
  customer_name: 'Carla Klant',
  customer_email: 'carla@example.test',
  title: 'Yoga',
  status: 'paid',
  payment_type: 'euros',
  subtotal_price_in_cents: 1147,
  vat: 103,
  transaction_fee: 50,
  total: 1250,
  paid_cents: 1250,
  refunded_cents: 0,
  refundable_cents: 1250,
  payout_month: '2026-11',
  paid_after_close: false,
  placed_at: '2026-11-26T09:00:00Z',
  lines: [
    { line_id: 'l1', title: 'Yoga', quantity: 1, unit_price_cents: 1250, total_cents: 1250, vat_tier: 'low', vat_percent: 9 },
  ],
  vat_split: [{ vat_tier: 'low', vat_percent: 9, gross_cents: 1250, vat_cents: 103 }],
  payments: [
    {
      id: 'p1',
      method: 'euros',
      amount_cents: 1250,
      moves: 0,
      provider_payment_id: 'tr_1',
      status: 'paid',
      started_at: '2026-11-26T09:00:00Z',
      updated_at: '2026-11-26T09:01:00Z',
    },
  ],
  refunds: [],
  history: [
    {
      event: 'order.placed.v2',
      actor_id: 'c1',
      actor_name: 'Carla Klant',
      at: '2026-11-26T09:00:00Z',
      detail: { total_cents: 1250, payment_type: 'euros' },
      status: 'open',
    },
    {
      event: 'order.payment_status_changed.v1',
      actor_id: 'process',
      actor_name: null,
      at: '2026-11-26T09:01:00Z',
      detail: { payment_id: 'p1', from: 'open', status: 'paid' },
      status: 'paid',
    },
    {
      event: 'order.refund_requested.v1',
      actor_id: 'a1',
      actor_name: 'Anne Admin',
      at: '2026-11-26T10:00:00Z',
      detail: { refund_id: 'r0', amount_cents: 500, reason: 'Les ging niet door', origin: 'staff' },
      status: 'paid',
    },
  ],
};

describe('OrderDialog', () => {
  const fetchMock = mockFetch();

  it('shows the order and refunds part of it with a reason', async () => {
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') {
        return new Response(JSON.stringify({ data: { order_id: 'o1', refund_id: 'r1', status: 'queued', position: '9.0' } }), {
          status: 201,
        });
      }
      return new Response(JSON.stringify({ data: order }));
    });
    renderWithProviders(
      <MemoryRouter>
        <OrderDialog api="/v1/admin/application/orders" orderId="o1" canRefund onClose={vi.fn()} />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('order-dialog')).toHaveTextContent('Studio Zuid');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Paid');
    // The customer first; statuses and history in words, never `paid` or `order.placed.v2`.
    const customer = screen.getByTestId('order-customer');
    expect(customer).toHaveTextContent('Carla Klant');
    expect(within(customer).getByRole('link', { name: 'carla@example.test' })).toHaveAttribute('href', 'mailto:carla@example.test');
    expect(screen.getByText('Order placed: €12.50, Euros', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Payment: paid', { exact: false })).toHaveTextContent('(System)');
    expect(screen.getByText('Refund of €5.00 requested (Les ging niet door)', { exact: false })).toHaveTextContent('Anne Admin');
    expect(screen.getByText('November 2026')).toBeInTheDocument();
    const dialog = screen.getByTestId('order-dialog');
    expect(dialog).not.toHaveTextContent('order.placed');
    expect(dialog).not.toHaveTextContent('2026-11');
    expect(within(dialog).getAllByRole('cell', { name: 'Paid' })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Fill in an amount above zero.')).toBeInTheDocument();
    expect(screen.getByText('Give a reason.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount in euros' }), '13,00');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(/At most .*12.50 can be refunded/)).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('textbox', { name: 'Amount in euros' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount in euros' }), '6,25');
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Les ging niet door');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));

    // Money leaves only after a yes that names the amount and the order; No sends nothing.
    let question = await screen.findByRole('alertdialog', { name: 'Refund €6.25?' });
    expect(question).toHaveTextContent(/€6.25 of the order ‘Yoga’ of .* \(Studio Zuid\) goes back to the customer/);
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('order-dialog')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    question = await screen.findByRole('alertdialog', { name: 'Refund €6.25?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Refund €6.25' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST') ?? [];
    expect(url).toBe('/v1/admin/application/orders/o1/refunds');
    expect(JSON.parse(String(init?.body))).toEqual({ amount_cents: 625, reason: 'Les ging niet door' });
    // The outcome: the refund's status at the provider (queued: asked for).
    await waitFor(() => expect(useNotificationStore.getState().current?.message).toMatch(/€6.25 of ‘Yoga’ is being refunded/));
  });

  it('offers no refund without the permission', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: order })));
    renderWithProviders(
      <MemoryRouter>
        <OrderDialog api="/v1/admin/orders" orderId="o1" canRefund={false} onClose={vi.fn()} />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('order-dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
