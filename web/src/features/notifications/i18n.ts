import { i18n } from '@/lib/i18n';
import en from '@/features/notifications/locales/en.json';
import nl from '@/features/notifications/locales/nl.json';

// The notification screens' texts arrive with their chunk (web-014).
i18n.addResourceBundle('nl', 'translation', { notifications: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { notifications: en }, true, false);
