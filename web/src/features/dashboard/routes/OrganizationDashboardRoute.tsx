import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { EmptyState } from '@/components/ui/EmptyState';
import { useDashboardOrganization } from '@/features/dashboard/api/organization';
import { OrganizationFigures } from '@/features/dashboard/components/OrganizationFigures';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';

interface Task {
  /** Under /organizations/{id}; '' is the home itself. */
  path: string;
  title: string;
  body: string;
  ability: string;
}

/**
 * What organisation staff and trainers may do here, one click each; screens for the
 * organisation's activities, locations and the like add their task (and nav item in
 * `app/shell/navigation.ts`) with the ability that opens them.
 */
const ORGANIZATION_TASKS: Task[] = [
  { path: 'door', title: 'dashboard.tasks.door', body: 'dashboard.tasks.doorBody', ability: 'check-in-participants' },
  { path: 'activities', title: 'dashboard.tasks.activities', body: 'dashboard.tasks.activitiesBody', ability: 'view-activities' },
  { path: 'products', title: 'dashboard.tasks.products', body: 'dashboard.tasks.productsBody', ability: 'view-products' },
  { path: 'locations', title: 'dashboard.tasks.locations', body: 'dashboard.tasks.locationsBody', ability: 'view-locations' },
  { path: 'contacts', title: 'dashboard.tasks.contacts', body: 'dashboard.tasks.contactsBody', ability: 'view-contacts' },
  { path: 'rates', title: 'dashboard.tasks.rates', body: 'dashboard.tasks.ratesBody', ability: 'view-rates' },
  { path: 'profile', title: 'dashboard.tasks.profile', body: 'dashboard.tasks.profileBody', ability: 'edit-organization' },
];

/** The organisation's home: its name, the "not yet approved" notice, its figures (decision 0811) and the user's tasks. */
export function OrganizationDashboardRoute() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const profile = useAuthStore((state) => state.profile);
  const profileName = profile?.organizations.find((o) => o.id === organizationId)?.name;
  // A trainer may not read the organisation: no call (and no 403) then; the profile knows its name.
  const mayView = can(profile, 'view-organization');
  const { data: organization } = useDashboardOrganization(mayView ? organizationId : '');
  const mayViewActivities = can(profile, 'view-activities');
  const tasks = ORGANIZATION_TASKS.filter((task) => can(profile, task.ability));
  const base = `/organizations/${encodeURIComponent(organizationId)}`;

  return (
    <>
      <PageHeader title={organization?.name ?? profileName ?? t('dashboard.organization')} />
      {organization?.state === 'pending' && (
        <p className="notice notice--warning" role="status" data-testid="not-approved">
          {t('dashboard.notApproved')}
        </p>
      )}
      <OrganizationFigures organizationId={organizationId} enabled={mayViewActivities} />
      <h2 className="section-title">{t('dashboard.whatYouCanDo')}</h2>
      {tasks.length > 0 ? (
        <ul className="task-cards">
          {tasks.map((task) => (
            <li key={task.path}>
              <Link className="task-card" to={task.path ? `${base}/${task.path}` : base}>
                <span className="task-card__title">{t(task.title)}</span>
                <span className="task-card__body">{t(task.body)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('dashboard.noTasks')} message={t('dashboard.noTasksBody')} />
      )}
    </>
  );
}
