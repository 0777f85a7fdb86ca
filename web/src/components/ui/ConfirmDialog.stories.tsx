import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';

function Demo() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Delete…
      </button>
      <ConfirmDialog
        open={open}
        title="Delete sport"
        body='Are you sure you want to delete "Padel"?'
        onCancel={() => setOpen(false)}
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

const meta = { title: 'UI/ConfirmDialog', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
export const Open: StoryObj<typeof meta> = {};
