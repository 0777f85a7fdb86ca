import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CheckboxListField, Form, FormErrorSummary, SelectField, SubmitButton, SwitchField } from '@/components/form';
import { QuestionsEditor, questionValues, questionsFromValues, type QuestionValues } from '@/components/offer/OfferFields';
import { Skeleton } from '@/components/ui/Skeleton';
import { useLocationChoices } from '@/features/activities/api/activities';
import { useActivitySettings, useQuestions, useSaveLabels, useSaveQuestions, useSaveSettings, useSetLocation } from '@/features/activities/api/activities';
import type { ActivitySettings } from '@/features/activities/api/types';
import { BundleList } from '@/features/activities/components/Bundles';
import { useActivityContext } from '@/features/activities/routes/ActivityLayoutRoute';
import { useLabelChoices } from '@/lib/taxonomy';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';

export function ActivityLocationRoute() {
  const { t } = useTranslation();
  const { activity } = useActivityContext();
  const save = useSetLocation(activity.id);
  const locations = useLocationChoices(activity.organization_id);
  if (locations.isPending) return <Skeleton lines={2} />;
  return (
    <Form<{ location_id: string | null }>
      initialValues={{ location_id: activity.location_id ?? null }}
      enableReinitialize
      onSubmit={async (values) => {
        await save.mutateAsync(values.location_id || null);
        notifySaved(t('common.saved'));
      }}
    >
      <h2>{t('activities.location.title')}</h2>
      <SelectField
        name="location_id"
        label={t('activities.location.id')}
        options={locations.data ?? []}
        emptyLabel={t('activities.location.none')}
      />
      <FormErrorSummary />
      <div className="form__actions">
        <SubmitButton>{t('common.save')}</SubmitButton>
      </div>
    </Form>
  );
}

export function ActivitySettingsRoute() {
  const { t } = useTranslation();
  const { activity } = useActivityContext();
  const settings = useActivitySettings(activity.id);
  const save = useSaveSettings(activity.id);
  if (!settings.data) return <Skeleton lines={4} />;
  return (
    <Form<ActivitySettings>
      initialValues={settings.data}
      enableReinitialize
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        notifySaved(t('common.saved'));
      }}
    >
      {(['is_exclusive', 'has_waitlist', 'should_validate_age', 'no_signup_required'] as const).map((name) => (
        <SwitchField key={name} name={name} label={t(`activities.settings.${name}`)} />
      ))}
      <div className="form__actions">
        <SubmitButton>{t('common.save')}</SubmitButton>
      </div>
    </Form>
  );
}

export function ActivityQuestionsRoute() {
  const { t } = useTranslation();
  const { activity } = useActivityContext();
  const questions = useQuestions(activity.id);
  const save = useSaveQuestions(activity.id);
  if (!questions.data) return <Skeleton lines={4} />;
  return (
    <Form<QuestionValues>
      initialValues={questionValues(questions.data)}
      enableReinitialize
      onSubmit={async (values) => {
        await save.mutateAsync(questionsFromValues(values));
        notifySaved(t('common.saved'));
      }}
    >
      <h2>{t('activities.questions.title')}</h2>
      <QuestionsEditor />
      <FormErrorSummary />
      <div className="form__actions">
        <SubmitButton>{t('common.save')}</SubmitButton>
      </div>
    </Form>
  );
}

export function ActivityLabelsRoute() {
  const { t } = useTranslation();
  const { activity } = useActivityContext();
  const save = useSaveLabels(activity.id);
  const labels = useLabelChoices();
  return (
    <Form<{ label_ids: string[] }>
      initialValues={{ label_ids: activity.label_ids }}
      enableReinitialize
      onSubmit={async (values) => {
        await save.mutateAsync(values.label_ids);
        notifySaved(t('common.saved'));
      }}
    >
      <h2>{t('activities.labels.title')}</h2>
      <CheckboxListField name="label_ids" label={t('activities.labels.ids')} options={labels.data ?? []} />
      <FormErrorSummary />
      <div className="form__actions">
        <SubmitButton>{t('common.save')}</SubmitButton>
      </div>
    </Form>
  );
}

/** Bundle routes open only for a bundle activity; otherwise the user goes back one page (spec §2). */
export function ActivityBundlesRoute() {
  const navigate = useNavigate();
  const { activity, base } = useActivityContext();
  const mayEdit = useAuthStore((state) => can(state.profile, 'edit-activity'));
  const bundle = activity.type === 'bundle';
  useEffect(() => {
    if (!bundle) void navigate(-1);
  }, [bundle, navigate]);
  if (!bundle) return null;
  return <BundleList activityId={activity.id} base={base} mayEdit={mayEdit} />;
}
