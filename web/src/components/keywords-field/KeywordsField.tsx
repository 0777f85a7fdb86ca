import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export const DEFAULT_KEYWORDS_MAX = 100;

/** The counter counts the characters of all keywords together. */
export function keywordsLength(keywords: readonly string[]): number {
  return keywords.reduce((total, keyword) => total + keyword.length, 0);
}

export interface KeywordsFieldProps {
  label: string;
  name?: string;
  value: string[];
  onChange: (value: string[]) => void;
  max?: number;
  error?: string;
}

export function KeywordsField({ label, name, value, onChange, max = DEFAULT_KEYWORDS_MAX, error }: KeywordsFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [tooLong, setTooLong] = useState(false);
  const used = keywordsLength(value);

  const add = () => {
    const keyword = draft.trim().replace(/,$/, '').trim();
    if (!keyword || value.includes(keyword)) {
      setDraft('');
      return;
    }
    if (used + keyword.length > max) {
      setTooLong(true);
      return;
    }
    setTooLong(false);
    onChange([...value, keyword]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="keywords-field">
        <ul className="keywords-field__chips">
          {value.map((keyword) => (
            <li key={keyword} className="chip">
              {keyword}
              <button
                type="button"
                className="chip__remove"
                aria-label={t('keywordsField.remove', { keyword })}
                onClick={() => {
                  setTooLong(false);
                  onChange(value.filter((other) => other !== keyword));
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          name={name}
          className="input keywords-field__input"
          value={draft}
          placeholder={t('keywordsField.placeholder')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
        />
      </div>
      <p className={`field__hint ${used > max ? 'field__hint--over' : ''}`} data-testid="keywords-counter">
        {t('keywordsField.counter', { count: used, max })}
      </p>
      {tooLong && <p className="field__error">{t('keywordsField.tooLong', { max })}</p>}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
