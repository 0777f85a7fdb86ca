import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApplicationNav } from '@/app/shell/ApplicationNav';
import { LanguageSwitch } from '@/app/shell/LanguageSwitch';
import { OrganizationSwitcher } from '@/app/shell/OrganizationSwitcher';
import { UserMenu } from '@/app/shell/UserMenu';
import { useApplicationSettings } from '@/app/shell/application-settings';
import { DEFAULT_LOGO, DEFAULT_TITLE } from '@/lib/application';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

export function TopBar() {
  const { t } = useTranslation();
  const { data: application } = useApplicationSettings();
  const canViewApplication = useAuthStore((state) => can(state.profile, 'view-application'));
  const organizationId = useContextStore((state) => state.organizationId);
  const home = canViewApplication || !organizationId ? '/application' : `/organizations/${organizationId}`;
  const name = application?.name || DEFAULT_TITLE;

  return (
    <header className="top-bar">
      <Link to={home} className="top-bar__logo" data-testid="app-logo">
        <img
          src={application?.logo_url || DEFAULT_LOGO}
          alt={t('app.logoAlt', { name })}
          height={32}
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(DEFAULT_LOGO)) event.currentTarget.src = DEFAULT_LOGO;
          }}
        />
      </Link>
      <OrganizationSwitcher />
      <ApplicationNav />
      <div className="top-bar__spacer" />
      <LanguageSwitch />
      <UserMenu />
    </header>
  );
}
