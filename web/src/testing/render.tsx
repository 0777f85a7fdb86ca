import { QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProvider } from '@/app/provider';

/** Renders inside the app's providers with a fresh query client that does not retry. */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<AppProvider queryClient={queryClient}>{ui}</AppProvider>, options);
}
