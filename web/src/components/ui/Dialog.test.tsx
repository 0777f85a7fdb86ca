import { useState } from 'react';
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

  it('keeps Tab inside and gives focus back to the opener when it closes', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Dialog open={open} title="Redeem a code" onClose={() => setOpen(false)}>
            <label>
              Code <input />
            </label>
            <button type="button">Redeem</button>
          </Dialog>
        </>
      );
    }
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Code')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Redeem' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Code')).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives the keys to the dialog on top: Escape closes the question, not the dialog under it', async () => {
    const closeOuter = vi.fn();
    const closeInner = vi.fn();
    render(
      <>
        <Dialog open title="Order" onClose={closeOuter}>
          <button type="button">Refund</button>
        </Dialog>
        <Dialog open title="Refund?" onClose={closeInner} role="alertdialog">
          <button type="button">Yes</button>
        </Dialog>
      </>,
    );
    await userEvent.keyboard('{Escape}');
    expect(closeInner).toHaveBeenCalledTimes(1);
    expect(closeOuter).not.toHaveBeenCalled();
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
