import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { ApplicationSwitcher } from '@/app/shell/ApplicationSwitcher';
import { areaOf, navigationFor, otherAreas } from '@/app/shell/navigation';
import { OrganizationSwitcher } from '@/app/shell/OrganizationSwitcher';
import { useAuthStore } from '@/stores/auth';

const AREA_LABELS = {
  admin: 'shell.areas.admin',
  application: 'shell.areas.application',
  organization: 'shell.areas.organization',
} as const;

/**
 * The one navigation of the area the user is in, with the application and organisation
 * switchers above it and the other areas they may enter below. A side column on wide
 * screens, a panel opened from the top bar's menu button below 900 px.
 */
export function AreaNav({ id, open }: { id: string; open: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const profile = useAuthStore((state) => state.profile);
  const area = areaOf(pathname);
  const organizationId = area === 'organization' ? decodeURIComponent(pathname.split('/')[2] ?? '') : null;
  const items = navigationFor(area, profile, organizationId);
  const others = otherAreas(area, profile);

  return (
    <nav id={id} className={`area-nav${open ? ' area-nav--open' : ''}`} aria-label={t(AREA_LABELS[area])}>
      <div className="area-nav__context">
        <ApplicationSwitcher />
        <OrganizationSwitcher />
      </div>
      <p className="area-nav__heading" aria-hidden="true">
        {t(AREA_LABELS[area])}
      </p>
      <ul className="area-nav__list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className="area-nav__link">
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <ul className="area-nav__list area-nav__list--others">
          {others.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="area-nav__link area-nav__link--area">
                {t(item.label)} →
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
