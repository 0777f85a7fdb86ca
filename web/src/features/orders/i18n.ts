import { i18n } from '@/lib/i18n';
import en from '@/features/orders/locales/en.json';
import nl from '@/features/orders/locales/nl.json';

// The order screens' texts arrive with their chunk, not with login (web-014):
// the same i18next instance, under the `orders` key of the translation namespace.
i18n.addResourceBundle('nl', 'translation', { orders: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { orders: en }, true, false);
