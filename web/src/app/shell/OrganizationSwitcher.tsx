import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { useSwitcherOrganizations } from '@/app/shell/organizations-api';
import { useDismiss } from '@/app/shell/use-dismiss';
import { loadProfile } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const organizationId = useContextStore((state) => state.organizationId);
  const setOrganizationId = useContextStore((state) => state.setOrganizationId);
  const known = useAuthStore((state) => state.profile?.organizations);
  const [pickedName, setPickedName] = useState<string | null>(null);
  const { data, isPending, isFetching } = useSwitcherOrganizations(debouncedSearch, open);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close);

  const currentName =
    pickedName ?? known?.find((organization) => organization.id === organizationId)?.name ?? t('shell.chooseOrganization');
  const loading = isPending || (isFetching && search !== debouncedSearch) || search !== debouncedSearch;

  return (
    <div className="org-switcher context-switch" ref={root}>
      <span className="context-switch__label">{t('shell.organization')}</span>
      <button
        type="button"
        className="button button--ghost org-switcher__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="org-switcher__name">{currentName}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="menu org-switcher__menu" id={menuId}>
          <input
            className="input"
            type="search"
            aria-label={t('shell.searchOrganizations')}
            placeholder={t('shell.searchOrganizations')}
            value={search}
            autoFocus
            onChange={(event) => setSearch(event.target.value)}
          />
          {loading ? (
            <Skeleton lines={3} />
          ) : data && data.rows.length > 0 ? (
            <ul className="menu__list" aria-label={t('shell.organizations')}>
              {data.rows.map((organization) => (
                <li key={organization.id}>
                  <Link
                    className="menu__item"
                    to={`/organizations/${organization.id}`}
                    onClick={() => {
                      setOrganizationId(organization.id);
                      setPickedName(organization.name);
                      setOpen(false);
                      void loadProfile(organization.id).catch(() => undefined);
                    }}
                  >
                    {organization.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="menu__empty">{t('common.noResults')}</p>
          )}
          {data && data.total > data.rows.length && (
            <p className="menu__hint" role="status">
              {t('shell.organizationsShown', { shown: data.rows.length, total: data.total })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
