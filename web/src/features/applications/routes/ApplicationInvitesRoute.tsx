import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { useApplication } from '@/features/applications/api/applications';
import { ApplicationTabs } from '@/features/applications/components/ApplicationTabs';
import { InvitesPanel } from '@/features/applications/components/InvitesPanel';
import { useContextStore } from '@/stores/context';

/** /admin/applications/:id/invites: the superadmin's tab of one application. */
export function ApplicationInvitesRoute() {
  const { t } = useTranslation();
  const { application_id: id = '' } = useParams();
  const application = useApplication(id);
  return (
    <>
      <PageHeader title={application.data?.name ?? t('applications.tabs.invites')} />
      <ApplicationTabs id={id} />
      <InvitesPanel id={id} explain />
    </>
  );
}

/** /application/invites: the application's admins invite members of its organisations (manage-invites). */
export function MemberInvitesRoute() {
  const { t } = useTranslation();
  const id = useContextStore((state) => state.applicationId) ?? '';
  return (
    <>
      <PageHeader title={t('applications.invite.members')} />
      <p className="field__hint">{t('applications.invite.membersIntro')}</p>
      <InvitesPanel id={id} />
    </>
  );
}
