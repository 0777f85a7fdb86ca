import { i18n } from '@/lib/i18n';
import en from '@/features/activities/locales/en.json';
import nl from '@/features/activities/locales/nl.json';

// The activity screens' texts arrive with their chunk (web-014), under `activities`.
i18n.addResourceBundle('nl', 'translation', { activities: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { activities: en }, true, false);
