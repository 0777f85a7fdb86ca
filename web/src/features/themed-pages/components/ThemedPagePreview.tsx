import { useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSettings } from '@/lib/application';
import { pageTheme } from '@/features/themed-pages/theme';

export type PreviewLanguage = 'nl' | 'en';

interface PreviewText {
  nl: string;
  en?: string;
}

/** What the preview shows: a page as the form holds it or as the API answers it. */
export interface PreviewPage {
  title: PreviewText;
  image_id?: string | null;
  blocks: { type: string; text: PreviewText; image_id?: string | null; url?: string | null }[];
}

/** A text in the language: English falls back to Dutch, as the app does. */
export function inLanguage(text: PreviewText, language: PreviewLanguage): string {
  return language === 'en' && text.en?.trim() ? text.en : text.nl;
}

const imageUrl = (token: string) => `/v1/files/${encodeURIComponent(token)}/medium`;

/** Paragraphs split at empty lines; line breaks inside one are kept. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((paragraph, i) => (
          <p key={i} className="themed-preview__text">
            {paragraph.trim()}
          </p>
        ))}
    </>
  );
}

/**
 * The page as the app shows it, in a phone-sized frame in the application's colours
 * (decision 1640), with a switch between Dutch and English. Texts are shown as text,
 * never as markup.
 */
export function ThemedPagePreview({ page, application }: { page: PreviewPage; application: ApplicationSettings | null | undefined }) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState<PreviewLanguage>(i18n.language === 'en' ? 'en' : 'nl');
  const languageId = useId();
  const theme = pageTheme(application?.primary_color, application?.secondary_color);
  const style = {
    '--themed-primary': theme.primary,
    '--themed-on-primary': theme.onPrimary,
    '--themed-button': theme.button,
    '--themed-on-button': theme.onButton,
  } as CSSProperties;
  const title = inLanguage(page.title, language);
  return (
    <div className="themed-preview-frame">
      <p className="field__hint">{t('themedPages.previewHint', { app: application?.name || 'Move' })}</p>
      <div className="themed-preview__language">
        <label htmlFor={languageId}>{t('themedPages.previewLanguage')}</label>
        <select id={languageId} className="input" value={language} onChange={(event) => setLanguage(event.target.value as PreviewLanguage)}>
          <option value="nl">Nederlands</option>
          <option value="en">English</option>
        </select>
      </div>
      <article className="themed-preview" style={style} lang={language} data-testid="themed-preview">
        <header className="themed-preview__bar">
          {application?.logo_url && <img className="themed-preview__logo" src={application.logo_url} alt="" />}
          <h2 className="themed-preview__title">{title}</h2>
        </header>
        {page.image_id && <img className="themed-preview__hero" src={imageUrl(page.image_id)} alt="" />}
        <div className="themed-preview__body">
          {page.blocks.length === 0 && <p className="themed-preview__text">{t('themedPages.previewEmpty')}</p>}
          {page.blocks.map((block, i) => {
            const text = inLanguage(block.text, language);
            switch (block.type) {
              case 'heading':
                return (
                  <h3 key={i} className="themed-preview__heading">
                    {text}
                  </h3>
                );
              case 'text':
                return <Paragraphs key={i} text={text} />;
              case 'image':
                return block.image_id ? <img key={i} className="themed-preview__image" src={imageUrl(block.image_id)} alt={text} /> : null;
              case 'button':
                return (
                  <a key={i} className="themed-preview__button" href={block.url ?? undefined} target="_blank" rel="noreferrer noopener">
                    {text}
                  </a>
                );
              default:
                return null;
            }
          })}
        </div>
      </article>
    </div>
  );
}
