import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { useCreateActivity } from '@/features/activities/api/activities';
import type { ActivityInput } from '@/features/activities/api/types';
import { ActivityInputs, activitySchema, emptyActivity } from '@/features/activities/components/ActivityInputs';
import { notifySaved } from '@/stores/notification';
import '@/features/activities/i18n';

export function ActivityCreateRoute() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateActivity(organizationId);
  const list = `/organizations/${organizationId}/activities`;
  return (
    <>
      <PageHeader title={t('activities.createTitle')} />
      <Form<ActivityInput>
        className="form form--sections"
        guardUnsaved
        initialValues={emptyActivity}
        validationSchema={activitySchema(t)}
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values);
          notifySaved(t('common.saved'));
          await navigate(`${list}/${created.data.id}`);
        }}
      >
        <ActivityInputs creating />
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to={list}>{t('common.cancel')}</Link>
        </FormActions>
      </Form>
    </>
  );
}
