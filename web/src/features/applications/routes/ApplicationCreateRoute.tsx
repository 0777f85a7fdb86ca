import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { useCreateApplication, type ApplicationInput } from '@/features/applications/api/applications';
import {
  applicationBody,
  ApplicationInputs,
  applicationSchema,
  emptyApplication,
} from '@/features/applications/components/ApplicationInputs';
import { notifySaved } from '@/stores/notification';

const LIST = '/admin/applications';

export function ApplicationCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createApplication = useCreateApplication();

  return (
    <>
      <PageHeader title={t('applications.createTitle')} />
      <Form<ApplicationInput>
        className="form form--sections"
        guardUnsaved
        initialValues={emptyApplication}
        validationSchema={applicationSchema(t)}
        onSubmit={async (values) => {
          const result = await createApplication.mutateAsync(applicationBody(values));
          notifySaved(t('common.saved'));
          await navigate(result.data.id ? `${LIST}/${result.data.id}` : LIST);
        }}
      >
        <ApplicationInputs />
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to={LIST}>{t('common.cancel')}</Link>
        </FormActions>
      </Form>
    </>
  );
}
