import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/EmptyState';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { useActivity } from '@/features/activities/api/activities';
import type { Activity } from '@/features/activities/api/types';
import { ActivityTabs } from '@/features/activities/components/ActivityTabs';
import '@/features/activities/i18n';

export interface ActivityContext {
  activity: Activity;
  /** /organizations/{org}/activities/{id}. */
  base: string;
}

export function useActivityContext(): ActivityContext {
  return useOutletContext<ActivityContext>();
}

/** One activity: its name, the tabs and the chosen sub-page. */
export function ActivityLayoutRoute() {
  const { t } = useTranslation();
  const { organizationId = '', activityId = '' } = useParams();
  const activity = useActivity(activityId);
  const list = `/organizations/${organizationId}/activities`;
  const base = `${list}/${activityId}`;
  return (
    <>
      <PageHeader
        title={activity.data?.name ?? t('activities.title')}
        actions={
          <>
            <HistoryLink entityType="activity" entityId={activity.data?.id} />
            <Link className="button button--ghost" to={list}>
              {t('activities.backToList')}
            </Link>
          </>
        }
      />
      {activity.isPending && <Skeleton lines={8} />}
      {activity.isError && <EmptyState message={t('activities.notFound')} />}
      {activity.data && (
        <>
          <ActivityTabs base={base} name={activity.data.name} bundle={activity.data.type === 'bundle'} />
          <Outlet context={{ activity: activity.data, base } satisfies ActivityContext} />
        </>
      )}
    </>
  );
}
