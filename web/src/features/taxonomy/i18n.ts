import { i18n } from '@/lib/i18n';
import en from '@/features/taxonomy/locales/en.json';
import nl from '@/features/taxonomy/locales/nl.json';

// The category, tag and label screens' texts arrive with their chunk (web-014).
i18n.addResourceBundle('nl', 'translation', { taxonomy: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { taxonomy: en }, true, false);
