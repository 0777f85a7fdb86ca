import { Outlet } from 'react-router';
import { useApplicationSettings } from '@/app/shell/application-settings';
import { DEFAULT_LOGO } from '@/lib/application';
import { LanguageSwitch } from '@/app/shell/LanguageSwitch';

/** Login, password and invite screens: a centred card with the application's logo. */
export function PublicLayout() {
  const { data: application } = useApplicationSettings();
  return (
    <div className="public-layout">
      <div className="public-layout__card">
        <div className="public-layout__header">
          <img src={application?.logo_url || DEFAULT_LOGO} alt={application?.name || 'Move'} height={40} />
          <LanguageSwitch />
        </div>
        <Outlet />
      </div>
    </div>
  );
}
