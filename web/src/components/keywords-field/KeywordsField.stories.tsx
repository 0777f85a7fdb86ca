import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { KeywordsField } from '@/components/keywords-field/KeywordsField';

function Stateful({ initial, max }: { initial: string[]; max?: number }) {
  const [value, setValue] = useState(initial);
  return <KeywordsField label="Keywords" value={value} onChange={setValue} max={max} />;
}

const meta = { title: 'Widgets/KeywordsField', component: Stateful } satisfies Meta<typeof Stateful>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { initial: [] } };
export const WithKeywords: Story = { args: { initial: ['padel', 'tennis', 'squash'] } };
export const NearlyFull: Story = { args: { initial: ['bootcamp', 'yoga'], max: 15 } };
