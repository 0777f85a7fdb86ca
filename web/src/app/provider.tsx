import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '@/app/query-client';
import { NotificationBar } from '@/components/notification-bar/NotificationBar';
import { i18n } from '@/lib/i18n';

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        {children}
        <NotificationBar />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
