import type { Meta, StoryObj } from '@storybook/react-vite';
import { BUILD_STATUSES } from '@/features/app-builds/api/appBuilds';
import { BuildStatusBadge } from '@/features/app-builds/components/BuildStatusBadge';

const meta: Meta<typeof BuildStatusBadge> = {
  title: 'App builds/BuildStatusBadge',
  component: BuildStatusBadge,
  args: { status: 'building' },
};
export default meta;

type Story = StoryObj<typeof BuildStatusBadge>;

export const Building: Story = {};

export const EveryStatus: Story = {
  render: () => (
    <p style={{ display: 'flex', gap: '0.5rem' }}>
      {BUILD_STATUSES.map((status) => (
        <BuildStatusBadge key={status} status={status} />
      ))}
    </p>
  ),
};
