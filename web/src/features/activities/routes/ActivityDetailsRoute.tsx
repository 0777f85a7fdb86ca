import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton, saveAndStay } from '@/components/form';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useDeleteActivity, useUpdateActivity } from '@/features/activities/api/activities';
import type { ActivityInput } from '@/features/activities/api/types';
import { ActivityInputs, activitySchema, activityValues } from '@/features/activities/components/ActivityInputs';
import { useActivityContext } from '@/features/activities/routes/ActivityLayoutRoute';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';

/** The activity's details: the form for those who may edit it (edit-activity), read-only for the others. */
export function ActivityDetailsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { activity, base } = useActivityContext();
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-activity'));
  const update = useUpdateActivity(activity.id);
  const remove = useDeleteActivity(activity.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {!mayEdit && (
        <p className="notice" role="status" data-testid="read-only">
          {t('activities.readOnly')}
        </p>
      )}
      <Form<ActivityInput>
        className="form form--sections"
        guardUnsaved
        readOnly={!mayEdit}
        initialValues={activityValues(activity)}
        enableReinitialize
        validationSchema={activitySchema(t)}
        onSubmit={saveAndStay(
          ({ type: _type, ...values }) => update.mutateAsync({ ...values, version: activity.version }),
          t('common.saved'),
        )}
      >
        <ActivityInputs creating={false} activity={activity} />
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            {t('activities.delete')}
          </button>
        </FormActions>
      </Form>
      {mayEdit && (
        <ConfirmDialog
          open={confirming}
          title={t('activities.delete')}
          body={t('activities.deleteConfirm')}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => void navigate(base.slice(0, base.lastIndexOf('/'))) })}
        />
      )}
    </>
  );
}
