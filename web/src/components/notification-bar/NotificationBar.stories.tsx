import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotificationBar } from '@/components/notification-bar/NotificationBar';
import { notifyError, notifySaved } from '@/stores/notification';

function Demo() {
  return (
    <>
      <button type="button" className="button" onClick={() => notifySaved('Opgeslagen')}>
        Saved
      </button>{' '}
      <button type="button" className="button" onClick={() => notifyError('Er is een fout opgetreden')}>
        Error
      </button>
      <NotificationBar />
    </>
  );
}

const meta = { title: 'Widgets/NotificationBar', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
export const Default: StoryObj<typeof meta> = {};
