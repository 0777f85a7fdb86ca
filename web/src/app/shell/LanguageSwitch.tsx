import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '@/lib/i18n';

/** nl/en; server texts come translated by Accept-Language, so cached answers are refetched. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
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
          {t(`shell.languages.${language}`)}
        </option>
      ))}
    </select>
  );
}
