import { i18n } from '@/lib/i18n';
import en from '@/features/campaigns/locales/en.json';
import nl from '@/features/campaigns/locales/nl.json';

// The campaign screens' texts arrive with their chunk (web-014).
i18n.addResourceBundle('nl', 'translation', { campaigns: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { campaigns: en }, true, false);
