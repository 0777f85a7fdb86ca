import { localDateTime } from '@/features/notifications/render';
import { formatDate } from '@/lib/format';
import type { Language } from '@/lib/i18n';

/** send_on ("2026-12-01T09:30", the application's zone) as "dinsdag 1 december 09:30". */
export function formatSendOn(sendOn: string, language: Language): string {
  const date = localDateTime(sendOn);
  return date ? `${formatDate(date, language)} ${sendOn.slice(11, 16)}` : sendOn;
}
