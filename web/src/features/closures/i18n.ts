import { i18n } from '@/lib/i18n';
import en from '@/features/closures/locales/en.json';
import nl from '@/features/closures/locales/nl.json';

// The closure screens' texts arrive with their chunk (web-014).
i18n.addResourceBundle('nl', 'translation', { closures: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { closures: en }, true, false);
