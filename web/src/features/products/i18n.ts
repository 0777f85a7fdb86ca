import { i18n } from '@/lib/i18n';
import en from '@/features/products/locales/en.json';
import nl from '@/features/products/locales/nl.json';

// The product screens' texts arrive with their chunk (web-014), under `products`.
i18n.addResourceBundle('nl', 'translation', { products: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { products: en }, true, false);
