import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}

export function SearchInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <input
      className="input search-input"
      type="search"
      aria-label={t('common.search')}
      placeholder={t('common.search')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
