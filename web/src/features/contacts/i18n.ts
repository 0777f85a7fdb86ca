import { i18n } from '@/lib/i18n';
import en from '@/features/contacts/locales/en.json';
import nl from '@/features/contacts/locales/nl.json';

// The contact screens' texts arrive with their chunk (web-014).
i18n.addResourceBundle('nl', 'translation', { contacts: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { contacts: en }, true, false);
