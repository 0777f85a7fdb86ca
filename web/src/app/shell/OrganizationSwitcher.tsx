import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { SWITCHER_TOTAL_CAP, useOrganizationName, useSwitcherOrganizations } from '@/app/shell/organizations-api';
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
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const { data, isPending, isFetching } = useSwitcherOrganizations(debouncedSearch, open);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close);

  // A deep link into an organisation makes it the current one, as a pick in the menu would.
  const inPath = useMatch('/organizations/:organizationId/*')?.params.organizationId ?? null;
  const member = Boolean(inPath && known?.some((organization) => organization.id === inPath));
  useEffect(() => {
    if (!inPath || inPath === organizationId) return;
    setOrganizationId(inPath);
    // A member's abilities are per organisation; others (a superadmin) pass every check anyway.
    if (member) void loadProfile(inPath).catch(() => undefined);
  }, [inPath, organizationId, setOrganizationId, member]);

  const shownId = inPath ?? organizationId;
  const knownName = (picked?.id === shownId ? picked.name : undefined) ?? known?.find((organization) => organization.id === shownId)?.name;
  const fetchedName = useOrganizationName(shownId, knownName === undefined);
  const currentName = knownName ?? fetchedName.data ?? t('shell.chooseOrganization');
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
                      setPicked({ id: organization.id, name: organization.name });
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
              {data.total > SWITCHER_TOTAL_CAP
                ? t('shell.organizationsShownMany', { shown: data.rows.length, total: SWITCHER_TOTAL_CAP })
                : t('shell.organizationsShown', { shown: data.rows.length, total: data.total })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
