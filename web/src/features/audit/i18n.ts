import { i18n } from '@/lib/i18n';
import en from '@/features/audit/locales/en.json';
import nl from '@/features/audit/locales/nl.json';

// The audit area's texts arrive with its chunk (web-014), under `audit`.
i18n.addResourceBundle('nl', 'translation', { audit: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { audit: en }, true, false);
