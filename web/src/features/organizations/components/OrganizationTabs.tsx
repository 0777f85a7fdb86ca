import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** Management and review are two tabs of one area. */
export function OrganizationTabs() {
  const { t } = useTranslation();
  return (
    <nav className="tabs" aria-label={t('organizations.title')}>
      <NavLink end className="tabs__link" to="/application/organizations/management">
        {t('organizations.management')}
      </NavLink>
      <NavLink className="tabs__link" to="/application/organizations/review">
        {t('organizations.review')}
      </NavLink>
    </nav>
  );
}
