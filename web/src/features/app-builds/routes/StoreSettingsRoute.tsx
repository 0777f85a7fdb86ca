import { useTranslation } from 'react-i18next';
import { Form, FormErrorSummary, SubmitButton, saveAndStay } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { useBuildSettings, useSaveStoreSettings, type BuildSettings } from '@/features/app-builds/api/appBuilds';
import { BuildsTabs } from '@/features/app-builds/components/BuildsTabs';
import {
  StoreSettingsInputs,
  storeSettingsBody,
  storeSettingsSchema,
  storeSettingsValues,
  type StoreSettingsValues,
} from '@/features/app-builds/components/StoreSettingsInputs';
import { useContextStore } from '@/stores/context';
import '@/features/app-builds/i18n';

/** /application/builds: what the stores show of the application's apps (superadmin). */
export function StoreSettingsRoute() {
  const { t } = useTranslation();
  const applicationId = useContextStore((state) => state.applicationId);
  const settings = useBuildSettings();
  return (
    <>
      <PageHeader
        title={t('appBuilds.settingsTitle')}
        actions={<HistoryLink entityType="app_builds" entityId={applicationId} />}
      />
      <BuildsTabs />
      {settings.isPending && <Skeleton lines={8} />}
      {settings.isError && <p role="alert">{t('appBuilds.loadFailed')}</p>}
      {settings.data && <StoreSettingsForm settings={settings.data} />}
    </>
  );
}

function StoreSettingsForm({ settings }: { settings: BuildSettings }) {
  const { t } = useTranslation();
  const save = useSaveStoreSettings();
  return (
    <Form<StoreSettingsValues>
      guardUnsaved
      className="form form--sections"
      initialValues={storeSettingsValues(settings)}
      validationSchema={storeSettingsSchema(t)}
      onSubmit={saveAndStay((values) => save.mutateAsync(storeSettingsBody(values)), t('appBuilds.settingsSaved'))}
    >
      <StoreSettingsInputs iconUrl={settings.icon_url} splashUrl={settings.splash_url} />
      <FormErrorSummary />
      <div className="form__actions">
        <SubmitButton>{t('common.save')}</SubmitButton>
      </div>
    </Form>
  );
}
