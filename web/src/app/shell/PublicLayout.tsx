import { Outlet } from 'react-router';
import { useApplicationSettings } from '@/app/shell/application-settings';
import { DEFAULT_LOGO } from '@/lib/application';
import { LanguageSwitch } from '@/app/shell/LanguageSwitch';

/** Login, password and invite screens: a centred card with the application's logo. */
export function PublicLayout() {
  const { data: application } = useApplicationSettings();
  return (
    <div className="public-layout">
      {/* The card is the page's one <main>, as the shell's is for signed-in screens. */}
      <main className="public-layout__card">
        <div className="public-layout__header">
          <img src={application?.logo_url || DEFAULT_LOGO} alt={application?.name || 'Move'} height={40} />
          <LanguageSwitch />
        </div>
        <Outlet />
      </main>
    </div>
  );
}
