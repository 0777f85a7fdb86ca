import { i18n } from '@/lib/i18n';
import en from '@/features/locations/locales/en.json';
import nl from '@/features/locations/locales/nl.json';

// The location screens' texts arrive with their chunk (web-014).
i18n.addResourceBundle('nl', 'translation', { locations: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { locations: en }, true, false);
