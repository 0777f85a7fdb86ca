import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GenerateCouponsDialog } from '@/features/wallets/components/GenerateCouponsDialog';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';

describe('GenerateCouponsDialog', () => {
  it('checks quantity, value and affixes before sending', async () => {
    const onGenerate = vi.fn();
    renderWithProviders(<GenerateCouponsDialog open onClose={vi.fn()} onGenerate={onGenerate} onGenerated={vi.fn()} />);
    const quantity = screen.getByLabelText('Number of coupons');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '100001');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Between 1 and 100,000 coupons')).toBeInTheDocument();
    expect(screen.getByText('At least 1 move')).toBeInTheDocument();
    expect(onGenerate).not.toHaveBeenCalled();
  });

  it('upper-cases the affixes, drops other characters and sends the batch', async () => {
    const onGenerate = vi.fn().mockResolvedValue({ id: 'b1', version: 1, issued: 3 });
    const onGenerated = vi.fn();
    renderWithProviders(<GenerateCouponsDialog open onClose={vi.fn()} onGenerate={onGenerate} onGenerated={onGenerated} />);
    expect(screen.getByRole('dialog', { name: 'Generate coupons' })).toBeInTheDocument();
    const quantity = screen.getByLabelText('Number of coupons');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.type(screen.getByLabelText('Value in moves'), '25');
    await userEvent.type(screen.getByLabelText('Prefix'), 'zo-mer!');
    await userEvent.type(screen.getByLabelText('Suffix'), 'x1');
    expect(screen.getByLabelText('Prefix')).toHaveValue('ZOMER');
    expect(screen.getByText('Codes look like ZOMER-XXXXXXXXXXXX-X1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Enabled at once' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(onGenerated).toHaveBeenCalled());
    expect(onGenerate).toHaveBeenCalledWith({
      quantity: 3,
      value_moves: 25,
      prefix: 'ZOMER',
      suffix: 'X1',
      expires_at: null,
      enabled: false,
    });
  });

  it('shows the server’s field errors on the fields', async () => {
    const onGenerate = vi
      .fn()
      .mockRejectedValue(new ApiError(422, 'Invalid', { prefix: 'This prefix is in use by another application' }));
    renderWithProviders(<GenerateCouponsDialog open onClose={vi.fn()} onGenerate={onGenerate} onGenerated={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Value in moves'), '5');
    await userEvent.type(screen.getByLabelText('Prefix'), 'ABC');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('This prefix is in use by another application')).toBeInTheDocument();
  });
});
