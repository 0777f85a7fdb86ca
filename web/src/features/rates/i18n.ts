import { i18n } from '@/lib/i18n';
import en from '@/features/rates/locales/en.json';
import nl from '@/features/rates/locales/nl.json';

// The rate screens' texts arrive with their chunk (web-014).
i18n.addResourceBundle('nl', 'translation', { rates: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { rates: en }, true, false);
