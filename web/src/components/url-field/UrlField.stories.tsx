import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { UrlField } from '@/components/url-field/UrlField';

function Stateful({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial);
  return <UrlField label="Website" value={value} onChange={setValue} />;
}

const meta = { title: 'Widgets/UrlField', component: Stateful } satisfies Meta<typeof Stateful>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { initial: null } };
export const Https: Story = { args: { initial: 'https://move.nl' } };
export const HttpWarning: Story = { args: { initial: 'http://club.nl' } };
