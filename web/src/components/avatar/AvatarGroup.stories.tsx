import type { Meta, StoryObj } from '@storybook/react-vite';
import { AvatarGroup } from '@/components/avatar/AvatarGroup';

const meta = { title: 'Widgets/AvatarGroup', component: AvatarGroup } satisfies Meta<typeof AvatarGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithMore: Story = {
  args: {
    people: [
      { id: '1', name: 'Sam Super' },
      { id: '2', name: 'Anna de Vries' },
      { id: '3', name: 'Piet Post', src: '/favicon.svg' },
    ],
  },
};
export const Single: Story = { args: { people: [{ id: '1', name: 'Sam Super' }] } };
