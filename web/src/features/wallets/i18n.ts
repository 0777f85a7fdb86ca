import { i18n } from '@/lib/i18n';
import en from '@/features/wallets/locales/en.json';
import nl from '@/features/wallets/locales/nl.json';

// The wallet screens' texts arrive with their chunk, not with login (web-014):
// the same i18next instance, under the `wallets` key of the translation namespace.
i18n.addResourceBundle('nl', 'translation', { wallets: nl }, true, false);
i18n.addResourceBundle('en', 'translation', { wallets: en }, true, false);
