import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { PlatformStatePanel } from '@/features/app-builds/components/PlatformStatePanel';

const meta: Meta<typeof PlatformStatePanel> = {
  title: 'App builds/PlatformStatePanel',
  component: PlatformStatePanel,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: {
    state: {
      platform: 'ios',
      configured: true,
      bundle_id: 'nl.sportief.app',
      version_name: '1.3.0',
      minimum_app_version: '1.0.0',
      next_build_number: 4,
      released_version: '1.2.0',
      running: false,
      missing: [],
    },
  },
};
export default meta;

type Story = StoryObj<typeof PlatformStatePanel>;

export const Ready: Story = {};

export const Running: Story = { args: { state: { ...meta.args!.state!, running: true } } };

export const SettingsMissing: Story = {
  args: {
    state: {
      ...meta.args!.state!,
      platform: 'android',
      released_version: null,
      next_build_number: 1,
      missing: ['short_description', 'icon_id', 'splash_id'],
    },
  },
};
