import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CheckboxListField, Form, FormActions, FormErrorSummary, SelectField, SubmitButton, saveAndStay, SwitchField } from '@/components/form';
import { QuestionsEditor, questionValues, questionsFromValues, type QuestionValues } from '@/components/offer/OfferFields';
import { Skeleton } from '@/components/ui/Skeleton';
import { useLocationChoices } from '@/features/activities/api/activities';
import { useActivitySettings, useQuestions, useSaveLabels, useSaveQuestions, useSaveSettings, useSetLocation } from '@/features/activities/api/activities';
import type { ActivitySettings } from '@/features/activities/api/types';
import { BundleList } from '@/features/activities/components/Bundles';
import { useActivityContext } from '@/features/activities/routes/ActivityLayoutRoute';
import { withChosen } from '@/lib/offer-choices';
import { useLabelChoices } from '@/lib/taxonomy';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';

/** Whether the user may change the activity (the server's edit-activity): the sub-pages are read-only otherwise. */
function useMayEdit(permission = 'edit-activity'): boolean {
  return useAuthStore((state) => can(state.profile, permission));
}

export function ActivityLocationRoute() {
  const { t } = useTranslation();
  const { activity } = useActivityContext();
  const mayEdit = useMayEdit();
  const mayReadLocations = useMayEdit('view-locations');
  const save = useSetLocation(activity.id);
  // Without view-locations the list is not asked: the activity names its own location.
  const locations = useLocationChoices(activity.organization_id, mayReadLocations);
  if (mayReadLocations && locations.isPending) return <Skeleton lines={2} />;
  return (
    <Form<{ location_id: string | null }>
      initialValues={{ location_id: activity.location_id ?? null }}
      enableReinitialize
      readOnly={!mayEdit}
      guardUnsaved
      onSubmit={saveAndStay((values) => save.mutateAsync(values.location_id || null), t('common.saved'))}
    >
      <h2>{t('activities.location.title')}</h2>
      <SelectField
        name="location_id"
        label={t('activities.location.id')}
        options={withChosen(locations.data, activity.location_id, activity.location_name ?? activity.location_id ?? '')}
        emptyLabel={t('activities.location.none')}
      />
      <FormErrorSummary />
      <FormActions>
        <SubmitButton>{t('common.save')}</SubmitButton>
      </FormActions>
    </Form>
  );
}

export function ActivitySettingsRoute() {
  const { t } = useTranslation();
  const { activity } = useActivityContext();
  const settings = useActivitySettings(activity.id);
  const save = useSaveSettings(activity.id);
  const mayEdit = useMayEdit();
  if (!settings.data) return <Skeleton lines={4} />;
  return (
    <Form<ActivitySettings>
      initialValues={settings.data}
      enableReinitialize
      readOnly={!mayEdit}
      guardUnsaved
      onSubmit={saveAndStay((values) => save.mutateAsync(values), t('common.saved'))}
    >
      {(['is_exclusive', 'has_waitlist', 'should_validate_age', 'no_signup_required'] as const).map((name) => (
        <SwitchField key={name} name={name} label={t(`activities.settings.${name}`)} />
      ))}
      <FormErrorSummary />
      <FormActions>
        <SubmitButton>{t('common.save')}</SubmitButton>
      </FormActions>
    </Form>
  );
}

export function ActivityQuestionsRoute() {
  const { t } = useTranslation();
  const { activity } = useActivityContext();
  const questions = useQuestions(activity.id);
  const save = useSaveQuestions(activity.id);
  const mayEdit = useMayEdit();
  if (!questions.data) return <Skeleton lines={4} />;
  return (
    <Form<QuestionValues>
      initialValues={questionValues(questions.data)}
      enableReinitialize
      readOnly={!mayEdit}
      guardUnsaved
      onSubmit={saveAndStay((values) => save.mutateAsync(questionsFromValues(values)), t('common.saved'))}
    >
      <h2>{t('activities.questions.title')}</h2>
      <QuestionsEditor />
      <FormErrorSummary />
      <FormActions>
        <SubmitButton>{t('common.save')}</SubmitButton>
      </FormActions>
    </Form>
  );
}

export function ActivityLabelsRoute() {
  const { t } = useTranslation();
  const { activity } = useActivityContext();
  const save = useSaveLabels(activity.id);
  // Assigning labels is its own permission (assign-labels); reading them needs view-labels.
  const mayAssign = useMayEdit('assign-labels');
  const labels = useLabelChoices(useMayEdit('view-labels'));
  return (
    <Form<{ label_ids: string[] }>
      initialValues={{ label_ids: activity.label_ids }}
      enableReinitialize
      readOnly={!mayAssign}
      guardUnsaved
      onSubmit={saveAndStay((values) => save.mutateAsync(values.label_ids), t('common.saved'))}
    >
      <h2>{t('activities.labels.title')}</h2>
      <CheckboxListField name="label_ids" label={t('activities.labels.ids')} options={labels.data ?? []} />
      <FormErrorSummary />
      <FormActions>
        <SubmitButton>{t('common.save')}</SubmitButton>
      </FormActions>
    </Form>
  );
}

/** Bundle routes open only for a bundle activity; otherwise the user goes back one page (spec §2). */
export function ActivityBundlesRoute() {
  const navigate = useNavigate();
  const { activity, base } = useActivityContext();
  const mayEdit = useMayEdit();
  const bundle = activity.type === 'bundle';
  useEffect(() => {
    if (!bundle) void navigate(-1);
  }, [bundle, navigate]);
  if (!bundle) return null;
  return <BundleList activityId={activity.id} base={base} mayEdit={mayEdit} />;
}
