import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '@/lib/i18n';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * nl/en; server texts come translated by Accept-Language, so cached answers are refetched.
 * On a phone the choices read NL / EN: "Nederlands" does not fit beside the menu, the logo
 * and the user menu at 390 px, and a cut-off word in a select reads as broken.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 599px)');
  return (
    <select
      className="input language-switch"
      aria-label={t('shell.language')}
      value={currentLanguage()}
      onChange={(event) => {
        void i18n.changeLanguage(event.target.value).then(() => queryClient.invalidateQueries());
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {phone ? language.toUpperCase() : t(`shell.languages.${language}`)}
        </option>
      ))}
    </select>
  );
}
