import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotificationPreview } from '@/features/notifications/components/NotificationPreview';

const meta = {
  title: 'Notifications/Preview',
  component: NotificationPreview,
  args: { title: 'Nieuw bij {app_name}', contents: 'Hallo {first_name}, er is een nieuwe les in het rooster. Schrijf je snel in!', appName: 'Sportief Zwolle' },
} satisfies Meta<typeof NotificationPreview>;
export default meta;

export const Filled: StoryObj<typeof meta> = {};
export const Empty: StoryObj<typeof meta> = { args: { title: '', contents: '' } };
export const Long: StoryObj<typeof meta> = {
  args: { contents: 'Hallo {first_name} {last_name}, '.repeat(8) },
};
