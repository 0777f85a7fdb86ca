import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The screen's title and its actions. A screen has one `<h1>`; a second list on the same
 * screen (the rates' cancellation terms, a label's coverage) heads its part with `level={2}`.
 */
export function PageHeader({ title, actions, level = 1 }: { title: string; actions?: ReactNode; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={level === 1 ? 'page-header' : 'page-header page-header--section'}>
      <Heading>{title}</Heading>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}

/** The list's search; `placeholder` says what it looks in (e.g. "customer, e-mail, title or order number"). */
export function SearchInput({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <input
      className="input search-input"
      type="search"
      aria-label={placeholder ?? t('common.search')}
      placeholder={placeholder ?? t('common.search')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
