import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import '@/features/activities/i18n';

/** Details, Location, Sessions, Questions, Settings, Labels; Bundles only for a bundle activity. */
export function ActivityTabs({ base, name, bundle }: { base: string; name: string; bundle: boolean }) {
  const { t } = useTranslation();
  const tabs = ['details', 'location', 'sessions', 'questions', 'settings', 'labels', ...(bundle ? ['bundles'] : [])];
  return (
    <nav className="tabs" aria-label={name}>
      {tabs.map((tab) => (
        <NavLink key={tab} end className="tabs__link" to={tab === 'details' ? base : `${base}/${tab}`}>
          {t(`activities.tabs.${tab}`)}
        </NavLink>
      ))}
    </nav>
  );
}
