import { i18n } from '@/lib/i18n';
import en from '@/features/app-builds/locales/en.json';
import nl from '@/features/app-builds/locales/nl.json';

// The app build screens' texts arrive with their chunk (web-014), under `appBuilds`.
i18n.addResourceBundle('nl', 'translation', { appBuilds: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { appBuilds: en }, true, false);
