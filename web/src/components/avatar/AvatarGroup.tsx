import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, DEFAULT_AVATAR_SIZE } from '@/components/avatar/Avatar';

export interface AvatarPerson {
  id: string;
  name: string;
  src?: string | null;
}

export interface AvatarGroupProps {
  people: AvatarPerson[];
  /** How many avatars show before the '+N' menu. */
  max?: number;
  size?: number;
}

export function AvatarGroup({ people, max = 1, size = DEFAULT_AVATAR_SIZE }: AvatarGroupProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const shown = people.slice(0, max);
  const rest = people.slice(max);

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className="avatar-group" ref={root}>
      {shown.map((person) => (
        <Avatar key={person.id} name={person.name} src={person.src} size={size} />
      ))}
      {rest.length > 0 && (
        <>
          <button
            type="button"
            className="avatar avatar--more"
            style={{ width: size, height: size }}
            aria-label={t('avatar.more', { count: rest.length })}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            +{rest.length}
          </button>
          {open && (
            <ul className="menu avatar-group__menu" id={menuId} role="menu">
              {rest.map((person) => (
                <li key={person.id} role="menuitem" className="avatar-group__item">
                  <Avatar name={person.name} src={person.src} size={32} />
                  <span>{person.name}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
