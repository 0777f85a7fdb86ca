import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { Form, FormActions, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useDeleteOrganization,
  useOrganization,
  useUpdateOrganization,
} from '@/features/organizations/api/organizations';
import type { OrganizationInput } from '@/features/organizations/api/types';
import {
  OrganizationInputs,
  organizationSchema,
  organizationValues,
} from '@/features/organizations/components/OrganizationInputs';
import { OrganizationStateBadge } from '@/features/organizations/components/OrganizationStateBadge';
import { notifySaved } from '@/stores/notification';

const MANAGEMENT = '/application/organizations/management';

export function OrganizationEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization_id: id = '' } = useParams();
  const { data: organization, isPending, isError } = useOrganization(id);
  const updateOrganization = useUpdateOrganization();
  const deleteOrganization = useDeleteOrganization();
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      <PageHeader
        title={t('organizations.editTitle')}
        actions={
          organization && (
            <>
              <HistoryLink entityType="organization" entityId={id} />
              <button type="button" className="button button--ghost" onClick={() => setDeleting(true)}>
                {t('common.delete')}
              </button>
            </>
          )
        }
      />
      {isPending && <Skeleton lines={8} />}
      {isError && <Link to={MANAGEMENT}>{t('common.back')}</Link>}
      {organization && (
        <>
          <p className="page__meta">
            <OrganizationStateBadge state={organization.state} />
            {organization.reject_reason && (
              <span>
                {' '}
                {t('organizations.reason')}: {organization.reject_reason}
              </span>
            )}
            <span>
              {' '}
              {t('organizations.credentials.clientId')}: <code>{organization.client_id}</code>
            </span>
          </p>
          <Form<OrganizationInput>
            className="form form--sections"
            guardUnsaved
            initialValues={organizationValues(organization)}
            validationSchema={organizationSchema(t)}
            onSubmit={async (values) => {
              await updateOrganization.mutateAsync({ id, input: { ...values, version: organization.version } });
              notifySaved(t('common.saved'));
              await navigate(MANAGEMENT);
            }}
          >
            <OrganizationInputs organization={organization} />
            <FormErrorSummary />
            <FormActions>
              <SubmitButton>{t('common.save')}</SubmitButton>
              <Link to={MANAGEMENT}>{t('common.cancel')}</Link>
            </FormActions>
          </Form>
          <ConfirmDialog
            open={deleting}
            title={t('organizations.deleteTitle')}
            body={t('organizations.deleteBody', { name: organization.name })}
            busy={deleteOrganization.isPending}
            onCancel={() => setDeleting(false)}
            onConfirm={() =>
              deleteOrganization.mutate(id, {
                onSuccess: () => {
                  notifySaved(t('common.saved'));
                  void navigate(MANAGEMENT);
                },
              })
            }
          />
        </>
      )}
    </>
  );
}
