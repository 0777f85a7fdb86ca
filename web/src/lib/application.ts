import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';

export type ApplicationSettings = Answer<'/v1/admin/application', 'get'>['data'];

export const DEFAULT_LOGO = '/logo.svg';
export const DEFAULT_FAVICON = '/favicon.svg';
export const DEFAULT_TITLE = 'Move';
export const DEFAULT_PRIMARY = '#1f6feb';
export const DEFAULT_SECONDARY = '#0b3d91';

/** The app waits for its settings at startup, but not longer than this. */
export const SETTINGS_TIMEOUT_MS = 8000;

/**
 * The application's settings, or null when they cannot be had (failure or timeout):
 * the app then shows with Move's defaults. Never an error, so no screen waits on a retry.
 */
export async function fetchApplication(signal?: AbortSignal): Promise<ApplicationSettings | null> {
  const controller = new AbortController();
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => controller.abort(), SETTINGS_TIMEOUT_MS);
  try {
    const answer = await api<{ data: ApplicationSettings }>('/v1/admin/application', {
      signal: controller.signal,
      silent: true,
    });
    return answer.data;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** Title, favicon and theme colours from the application, with Move's defaults. */
export function applyApplicationSettings(settings: ApplicationSettings | null | undefined, doc: Document = document): void {
  doc.title = settings?.name || DEFAULT_TITLE;
  let favicon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!favicon) {
    favicon = doc.createElement('link');
    favicon.rel = 'icon';
    doc.head.appendChild(favicon);
  }
  if (settings?.favicon_url) favicon.removeAttribute('type');
  favicon.href = settings?.favicon_url || DEFAULT_FAVICON;
  const root = doc.documentElement.style;
  root.setProperty('--color-primary', settings?.primary_color || DEFAULT_PRIMARY);
  root.setProperty('--color-secondary', settings?.secondary_color || DEFAULT_SECONDARY);
}
