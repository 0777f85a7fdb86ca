import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';

/** A dialog with a field: focus starts on the field, Tab stays inside, Escape or × closes and focus returns to the opener. */
function Demo({ wide }: { wide: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Coupon inwisselen…
      </button>
      <Dialog open={open} title="Coupon inwisselen" wide={wide} onClose={() => setOpen(false)}>
        <div className="field">
          <label htmlFor="code">Code</label>
          <input id="code" className="input" />
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Annuleren
          </button>
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            Inwisselen
          </button>
        </div>
      </Dialog>
    </>
  );
}

const meta = { title: 'UI/Dialog', component: Demo, args: { wide: false } } satisfies Meta<typeof Demo>;
export default meta;

export const WithAField: StoryObj<typeof meta> = {};
export const Wide: StoryObj<typeof meta> = { args: { wide: true } };
