import { i18n } from '@/lib/i18n';
import en from '@/features/operations/locales/en.json';
import nl from '@/features/operations/locales/nl.json';

// The operations console's texts arrive with its chunk (web-014), under `operations`.
i18n.addResourceBundle('nl', 'translation', { operations: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { operations: en }, true, false);
