import type { Preview } from '@storybook/react-vite';
import { AppProvider } from '@/app/provider';
import '@/app/styles.css';

const preview: Preview = {
  decorators: [
    (Story) => (
      <AppProvider>
        <div style={{ padding: 24 }}>
          <Story />
        </div>
      </AppProvider>
    ),
  ],
};

export default preview;
