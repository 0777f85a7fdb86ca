import { useTranslation } from 'react-i18next';

export function OrganizationStateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge--${state}`}>{t(`organizations.states.${state}`, state)}</span>;
}
