import { i18n } from '@/lib/i18n';
import en from '@/features/permissions/locales/en.json';
import nl from '@/features/permissions/locales/nl.json';

// The permission screens' texts arrive with their chunk (web-014), under `permissions`.
i18n.addResourceBundle('nl', 'translation', { permissions: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { permissions: en }, true, false);
