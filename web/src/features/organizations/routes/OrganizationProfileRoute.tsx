import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Form, FormActions, FormErrorSummary, FormSection, SubmitButton, saveAndStay } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useOrganization,
  useOrganizationFinance,
  useUpdateFinance,
  useUpdateOrganization,
} from '@/features/organizations/api/organizations';
import type { FinanceInput, OrganizationInput } from '@/features/organizations/api/types';
import { financeBody, FinanceInputs, financeSchema, financeValues } from '@/features/organizations/components/FinanceInputs';
import {
  OrganizationInputs,
  organizationSchema,
  organizationValues,
} from '@/features/organizations/components/OrganizationInputs';
import { OrganizationStateBadge } from '@/features/organizations/components/OrganizationStateBadge';
import { notifySaved } from '@/stores/notification';

/** The organisation's own profile: its fields, then its finance details, each saved on its own. */
export function OrganizationProfileRoute() {
  const { t } = useTranslation();
  const { organization_id: id = '' } = useParams();
  const organization = useOrganization(id);
  const finance = useOrganizationFinance(id);
  const updateOrganization = useUpdateOrganization();
  const updateFinance = useUpdateFinance();

  return (
    <>
      <PageHeader title={t('organizations.profileTitle')} actions={<HistoryLink entityType="organization" entityId={id} />} />
      {organization.isPending && <Skeleton lines={8} />}
      {organization.data && (
        <>
          <p className="page__meta">
            <OrganizationStateBadge state={organization.data.state} />
          </p>
          <Form<OrganizationInput>
            className="form form--sections"
            guardUnsaved
            key={organization.data.version}
            initialValues={organizationValues(organization.data)}
            validationSchema={organizationSchema(t)}
            onSubmit={saveAndStay(
              (values) => updateOrganization.mutateAsync({ id, input: { ...values, version: organization.data.version } }),
              t('common.saved'),
            )}
          >
            <OrganizationInputs organization={organization.data} />
            <FormErrorSummary />
            <FormActions>
              <SubmitButton>{t('common.save')}</SubmitButton>
            </FormActions>
          </Form>
        </>
      )}
      {finance.isPending && <Skeleton lines={4} />}
      {finance.data && (
        <Form<FinanceInput>
          className="form form--sections"
          key={finance.data.version ?? 0}
          initialValues={financeValues(finance.data)}
          validationSchema={financeSchema(t)}
          onSubmit={async (values) => {
            await updateFinance.mutateAsync({ id, input: { ...financeBody(values), version: finance.data.version } });
            notifySaved(t('common.saved'));
          }}
        >
          <FormSection title={t('organizations.finance.title')}>
            <FinanceInputs />
          </FormSection>
          <FormErrorSummary />
          <FormActions>
            <SubmitButton>{t('organizations.finance.save')}</SubmitButton>
          </FormActions>
        </Form>
      )}
    </>
  );
}
