import { i18n } from '@/lib/i18n';
import en from '@/features/finances/locales/en.json';
import nl from '@/features/finances/locales/nl.json';

// The finance screens' texts arrive with their chunk (web-014), under `finances`.
i18n.addResourceBundle('nl', 'translation', { finances: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { finances: en }, true, false);
