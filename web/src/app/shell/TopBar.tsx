import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/app/shell/LanguageSwitch';
import { UserMenu } from '@/app/shell/UserMenu';
import { useApplicationSettings } from '@/app/shell/application-settings';
import { DEFAULT_LOGO, DEFAULT_TITLE } from '@/lib/application';
import { overviewPath } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

export function TopBar({ menuId, menuOpen, onMenu }: { menuId: string; menuOpen: boolean; onMenu: () => void }) {
  const { t } = useTranslation();
  const { data: application } = useApplicationSettings();
  const profile = useAuthStore((state) => state.profile);
  const organizationId = useContextStore((state) => state.organizationId);
  const name = application?.name || DEFAULT_TITLE;

  return (
    <header className="top-bar">
      <button
        type="button"
        className="button button--ghost top-bar__menu"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={onMenu}
      >
        <span aria-hidden="true">☰</span> {t('shell.menu')}
      </button>
      <Link to={overviewPath(profile, organizationId)} className="top-bar__logo" data-testid="app-logo">
        {/* The name says which application this is; the logo beside it is decoration. */}
        <img
          src={application?.logo_url || DEFAULT_LOGO}
          alt=""
          height={32}
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(DEFAULT_LOGO)) event.currentTarget.src = DEFAULT_LOGO;
          }}
        />
        <span className="top-bar__name">{name}</span>
      </Link>
      <div className="top-bar__spacer" />
      <LanguageSwitch />
      <UserMenu />
    </header>
  );
}
