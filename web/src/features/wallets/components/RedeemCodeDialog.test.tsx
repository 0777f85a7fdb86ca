import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RedeemCodeDialog } from '@/features/wallets/components/RedeemCodeDialog';
import { useNotificationStore } from '@/stores/notification';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const customer = { id: 'c1', name: 'Chris Customer', email: 'customer@move.test' };

describe('RedeemCodeDialog', () => {
  const fetchMock = mockFetch();

  it('shows the server’s reason in the dialog, not in the notification bar', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ errors: { message: 'This code was already redeemed.' } }), { status: 409 }),
    );
    renderWithProviders(<RedeemCodeDialog open walletId="w1" customer={customer} onClose={vi.fn()} />);
    expect(screen.getByTestId('redeem-customer')).toHaveTextContent('Chris Customer');
    await userEvent.type(screen.getByLabelText('Code'), ' ZOMER-ABCD ');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code was already redeemed.');
    expect(useNotificationStore.getState().current).toBeNull();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/v1/admin/wallets/w1/coupons/redeem');
    expect(JSON.parse(String(init?.body))).toEqual({ customer_id: 'c1', code: 'ZOMER-ABCD' });
  });

  it('finds the customer, redeems and reports the new balance', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/v1/admin/wallets/w1/customers')) {
        return new Response(
          JSON.stringify({
            data: [{ customer, balance: 0, credits_count: 0, last_top_up_at: null }],
            meta: { pagination: { total: 1, page: 1, itemsPerPage: 8 } },
          }),
        );
      }
      return new Response(
        JSON.stringify({ data: { coupon_id: 'k1', moves: 25, balance: 40 }, meta: { position: '9.0' } }),
      );
    });
    const onClose = vi.fn();
    const onRedeemed = vi.fn();
    renderWithProviders(<RedeemCodeDialog open walletId="w1" onClose={onClose} onRedeemed={onRedeemed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Choose a customer')).toBeInTheDocument();
    expect(screen.getByText('Enter the code')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Customer'), 'chris');
    await userEvent.click(await screen.findByRole('button', { name: /Chris Customer/ }, { timeout: 2000 }));
    await userEvent.type(screen.getByLabelText('Code'), 'ZOMER-ABCD');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onRedeemed).toHaveBeenCalledWith({ coupon_id: 'k1', moves: 25, balance: 40 });
    expect(useNotificationStore.getState().current?.message).toBe(
      '25 moves credited to Chris Customer; balance now 40 moves',
    );
  });
});
