import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar/Avatar';
import { useDismiss } from '@/app/shell/use-dismiss';
import { hasRole, SUPERADMIN } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';

export function UserMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const user = useAuthStore((state) => state.user);
  const isSuperadmin = useAuthStore((state) => hasRole(state.profile, SUPERADMIN));
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close);
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="button button--ghost user-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {/* The name shown is the start of the button's name (axe label-content-name-mismatch);
            on a phone, where only the avatar shows, the hidden words still say what it opens. */}
        <Avatar name={name || '?'} src={user?.avatar_url} size={32} decorative />
        <span className="user-menu__name">{name}</span>{' '}
        <span className="visually-hidden">{t('shell.userMenu')}</span>
      </button>
      {open && (
        <ul className="menu user-menu__menu" id={menuId} role="menu">
          {isSuperadmin && (
            <li role="none">
              <Link role="menuitem" className="menu__item" to="/admin/applications" onClick={close}>
                {t('shell.admin')}
              </Link>
            </li>
          )}
          <li role="none">
            <Link role="menuitem" className="menu__item" to="/logout" onClick={close}>
              {t('shell.logout')}
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
