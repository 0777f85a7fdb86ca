import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton, saveAndStay } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useApplication,
  useApplicationChildren,
  useUpdateApplication,
  type ApplicationInput,
} from '@/features/applications/api/applications';
import {
  applicationBody,
  ApplicationInputs,
  applicationSchema,
  applicationValues,
} from '@/features/applications/components/ApplicationInputs';
import { ApplicationTabs } from '@/features/applications/components/ApplicationTabs';

const LIST = '/admin/applications';

export function ApplicationEditRoute() {
  const { t } = useTranslation();
  const { application_id: id = '' } = useParams();
  const { data: application, isPending, isError } = useApplication(id);
  const updateApplication = useUpdateApplication();
  const children = useApplicationChildren(id, (application?.children_count ?? 0) > 0);

  return (
    <>
      <PageHeader
        title={application ? application.name : t('applications.editTitle')}
        actions={application && <HistoryLink entityType="application" entityId={id} applicationId={id} />}
      />
      <ApplicationTabs id={id} />
      {isPending && <Skeleton lines={10} />}
      {isError && <Link to={LIST}>{t('common.back')}</Link>}
      {application && (
        <>
          <Form<ApplicationInput>
            className="form form--sections"
            guardUnsaved
            key={application.version}
            initialValues={applicationValues(application)}
            validationSchema={applicationSchema(t)}
            onSubmit={saveAndStay(
              (values) => updateApplication.mutateAsync({ id, input: { ...applicationBody(values), version: application.version } }),
              t('common.saved'),
            )}
          >
            <ApplicationInputs application={application} />
            <FormErrorSummary />
            <FormActions>
              <SubmitButton>{t('common.save')}</SubmitButton>
              <Link to={LIST}>{t('common.cancel')}</Link>
            </FormActions>
          </Form>
          {application.children_count > 0 && (
            <section aria-labelledby="children-title">
              <h2 className="form__section" id="children-title">
                {t('applications.children')} ({application.children_count})
              </h2>
              <ul className="link-list">
                {children.data?.rows.map((child) => (
                  <li key={child.id}>
                    <Link to={`${LIST}/${child.id}`}>{child.name}</Link> <code>{child.slug}</code>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </>
  );
}
