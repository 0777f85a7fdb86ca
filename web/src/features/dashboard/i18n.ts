import { i18n } from '@/lib/i18n';
import en from '@/features/dashboard/locales/en.json';
import nl from '@/features/dashboard/locales/nl.json';

// The organisation dashboard's figures bring their texts along (web-014), under `figures`.
i18n.addResourceBundle('nl', 'translation', { figures: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { figures: en }, true, false);
