import { i18n } from '@/lib/i18n';
import en from '@/features/themed-pages/locales/en.json';
import nl from '@/features/themed-pages/locales/nl.json';

// The themed page screens' texts arrive with their chunk (web-014).
i18n.addResourceBundle('nl', 'translation', { themedPages: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { themedPages: en }, true, false);
