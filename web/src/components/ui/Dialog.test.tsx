import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '@/components/ui/Dialog';

describe('Dialog', () => {
  it('is named by its title, focuses its first field and closes with Escape or ×', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Redeem a code" onClose={onClose}>
        <label>
          Code <input />
        </label>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Redeem a code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing when closed', () => {
    render(
      <Dialog open={false} title="x" onClose={vi.fn()}>
        y
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
