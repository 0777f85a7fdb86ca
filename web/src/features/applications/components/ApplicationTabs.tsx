import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The edit screen, its map settings, its search filters and its invites are tabs of one application. */
export function ApplicationTabs({ id }: { id: string }) {
  const { t } = useTranslation();
  const base = `/admin/applications/${encodeURIComponent(id)}`;
  return (
    <nav className="tabs" aria-label={t('applications.sections')}>
      <NavLink end className="tabs__link" to={base}>
        {t('applications.tabs.edit')}
      </NavLink>
      <NavLink className="tabs__link" to={`${base}/mapbox-settigns`}>
        {t('applications.tabs.mapbox')}
      </NavLink>
      <NavLink className="tabs__link" to={`${base}/filters`}>
        {t('applications.tabs.filters')}
      </NavLink>
      <NavLink className="tabs__link" to={`${base}/invites`}>
        {t('applications.tabs.invites')}
      </NavLink>
    </nav>
  );
}
