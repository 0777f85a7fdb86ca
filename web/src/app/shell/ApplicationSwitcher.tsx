import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { overviewPath } from '@/lib/authorization';
import { switchApplication } from '@/lib/session';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

/**
 * For a user with several applications: the choice sets the ApplicationId of every
 * later call (remembered in `move.context`), drops the previous application's cached
 * answers, reloads the profile (roles differ per application) and opens its home.
 */
export function ApplicationSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const applications = useAuthStore((state) => state.user?.applications ?? []);
  const applicationId = useContextStore((state) => state.applicationId);
  if (applications.length < 2) return null;

  const choose = async (id: string) => {
    const profile = await switchApplication(queryClient, id);
    void navigate(overviewPath(profile, null));
  };

  return (
    <label className="context-switch">
      <span className="context-switch__label">{t('shell.application')}</span>
      <select
        className="input"
        value={applicationId ?? ''}
        onChange={(event) => void choose(event.target.value)}
        data-testid="application-switcher"
      >
        {applications.map((application) => (
          <option key={application.id} value={application.id}>
            {application.name}
          </option>
        ))}
      </select>
    </label>
  );
}
