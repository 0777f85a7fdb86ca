import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CouponBatch } from '@/features/wallets/api/types';
import { BatchesPanel } from '@/features/wallets/components/BatchesPanel';
import { renderWithProviders } from '@/testing/render';

const batch: CouponBatch = {
  id: 'b1b1b1b1-0000-4000-8000-000000000001',
  quantity: 500,
  issued: 500,
  value_moves: 10,
  prefix: 'ZOMER',
  suffix: '',
  expires_at: null,
  enabled: true,
  created_at: '2026-11-20T10:00:00Z',
  created_by: { id: 'u1', name: 'Sam Support' },
  redeemed_count: 12,
};

describe('BatchesPanel', () => {
  it('asks before disabling a batch; cancelling changes nothing', async () => {
    const onSetEnabled = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<BatchesPanel batches={[batch]} manage onSetEnabled={onSetEnabled} onExport={vi.fn()} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Batch ZOMER-… (10) enabled' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disable batch' });
    expect(dialog).toHaveTextContent('No coupon of batch ZOMER-… (10) can be redeemed while it is disabled (500 coupons)');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSetEnabled).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('switch', { name: 'Batch ZOMER-… (10) enabled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onSetEnabled).toHaveBeenCalledWith(batch, false);
  });

  it('enables without asking and exports both formats', async () => {
    const onSetEnabled = vi.fn().mockResolvedValue(undefined);
    const onExport = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <BatchesPanel batches={[{ ...batch, enabled: false }]} manage onSetEnabled={onSetEnabled} onExport={onExport} />,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Batch ZOMER-… (10) enabled' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onSetEnabled).toHaveBeenCalledWith(expect.objectContaining({ id: batch.id }), true);
    await userEvent.click(screen.getByRole('button', { name: 'Export batch ZOMER-… (10) as CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export batch ZOMER-… (10) as Excel' }));
    expect(onExport.mock.calls.map((call) => call[1])).toEqual(['csv', 'xlsx']);
  });

  it('without manage-wallets shows the switch read-only and no export', () => {
    renderWithProviders(<BatchesPanel batches={[batch]} manage={false} onSetEnabled={vi.fn()} onExport={vi.fn()} />);
    expect(screen.getByRole('switch', { name: 'Batch ZOMER-… (10) enabled' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('batches')).toHaveTextContent('Sam Support');
  });
});
