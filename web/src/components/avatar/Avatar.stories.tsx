import type { Meta, StoryObj } from '@storybook/react-vite';
import { Avatar } from '@/components/avatar/Avatar';

const meta = { title: 'Widgets/Avatar', component: Avatar } satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = { args: { name: 'Jan van der Berg Jansen' } };
export const Image: Story = { args: { name: 'Move', src: '/favicon.svg' } };
export const BrokenImageFallsBack: Story = { args: { name: 'Anna de Vries', src: '/missing.png' } };
export const Small: Story = { args: { name: 'Sam Super', size: 32 } };
