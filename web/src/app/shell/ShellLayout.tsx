import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AreaNav } from '@/app/shell/AreaNav';
import { TopBar } from '@/app/shell/TopBar';

/**
 * The one page frame of every signed-in screen: top bar, the area's navigation and a
 * `<main>` the screens render into (screens do not add their own).
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const navId = useId();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  // A phone's menu closes when a link in it was followed.
  if (menuOpen && openedAt !== pathname) setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <TopBar
        menuId={navId}
        menuOpen={menuOpen}
        onMenu={() => {
          setOpenedAt(pathname);
          setMenuOpen((open) => !open);
        }}
      />
      <div className="shell__body">
        <AreaNav id={navId} open={menuOpen} />
        <main id="main" className="page" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
