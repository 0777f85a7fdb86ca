import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ColorField } from '@/components/color-field/ColorField';

function Stateful({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial);
  return <ColorField label="Primary colour" value={value} onChange={setValue} />;
}

const meta = { title: 'Widgets/ColorField', component: Stateful } satisfies Meta<typeof Stateful>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { initial: null } };
export const WithAlpha: Story = { args: { initial: '#1F6FEB80' } };
