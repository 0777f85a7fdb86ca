import { useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as yup from 'yup';
import { Form, FormErrorSummary, FormSection, SubmitButton, TextField } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useBuildSettings,
  useConfigurePlatform,
  useStartBuild,
  type Platform,
  type PlatformState,
} from '@/features/app-builds/api/appBuilds';
import { BuildsTabs } from '@/features/app-builds/components/BuildsTabs';
import { PlatformStatePanel } from '@/features/app-builds/components/PlatformStatePanel';
import { notifySaved } from '@/stores/notification';
import '@/features/app-builds/i18n';

interface PlatformValues {
  bundle_id: string;
  version_name: string;
  minimum_app_version: string;
  tag: string;
}

const VERSION = /^[0-9]{1,4}(\.[0-9]{1,4}){0,2}$/;
const TAG = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const BUNDLE = { ios: /^[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9-]+)+$/, android: /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/ };

/** Compares versions by their numbers, as the server does (1.10 is above 1.9). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** What the submit does: save the configuration, ask before a build, or save and start the build. */
type Intent = 'save' | 'ask' | 'build';

/** The server's rules of a platform's configuration (domain/appbuild), mirrored; a build also needs a tag. */
function platformSchema(t: TFunction, platform: Platform, needsTag: () => boolean) {
  return yup.object({
    bundle_id: yup
      .string()
      .trim()
      .required(t('errors.required', { field: t(`appBuilds.fields.bundle_id_${platform}`).toLowerCase() }))
      .matches(BUNDLE[platform], t(`appBuilds.errors.bundle_${platform}`)),
    version_name: yup
      .string()
      .trim()
      .required(t('errors.required', { field: t('appBuilds.fields.version_name').toLowerCase() }))
      .matches(VERSION, t('appBuilds.errors.version')),
    minimum_app_version: yup
      .string()
      .trim()
      .matches(VERSION, { message: t('appBuilds.errors.version'), excludeEmptyString: true })
      .test('not-above', t('appBuilds.errors.minimumAbove'), (value, context) => {
        const version = String(context.parent.version_name ?? '');
        return !value || !VERSION.test(value) || !VERSION.test(version) || compareVersions(value, version) <= 0;
      }),
    tag: yup
      .string()
      .trim()
      .max(64)
      .matches(TAG, { message: t('appBuilds.errors.tag'), excludeEmptyString: true })
      .test('needed-to-build', t('errors.required', { field: t('appBuilds.fields.tag').toLowerCase() }), (value) =>
        needsTag() ? Boolean(value?.trim()) : true,
      ),
  });
}

/** /applications/builds/build-ios and …/build-android: a platform's configuration and a new build of it. */
export function BuildPlatformRoute({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  const settings = useBuildSettings();
  const state = settings.data?.platforms.find((p) => p.platform === platform);
  return (
    <>
      <PageHeader title={t(`appBuilds.buildTitle.${platform}`)} />
      <BuildsTabs />
      {settings.isPending && <Skeleton lines={6} />}
      {settings.isError && <p role="alert">{t('appBuilds.loadFailed')}</p>}
      {state && (
        <>
          <PlatformStatePanel state={state} />
          <PlatformForm platform={platform} state={state} />
        </>
      )}
    </>
  );
}

function PlatformForm({ platform, state }: { platform: Platform; state: PlatformState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const configure = useConfigurePlatform(platform);
  const start = useStartBuild(platform);
  const intent = useRef<Intent>('save');
  const [confirming, setConfirming] = useState(false);
  // The tag is asked only when the submit is for a build. The schema reads the ref when
  // formik validates (after a change or a submit), never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const schema = useMemo(() => platformSchema(t, platform, () => intent.current !== 'save'), [t, platform]);
  return (
    <Form<PlatformValues>
      guardUnsaved
      className="form form--sections"
      initialValues={{
        bundle_id: state.bundle_id,
        version_name: state.version_name,
        minimum_app_version: state.minimum_app_version,
        tag: '',
      }}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        const doing = intent.current;
        intent.current = 'save';
        if (doing === 'ask') {
          setConfirming(true);
          return;
        }
        await configure.mutateAsync({
          bundle_id: values.bundle_id.trim(),
          version_name: values.version_name.trim(),
          minimum_app_version: values.minimum_app_version.trim(),
        });
        if (doing === 'save') {
          helpers.resetForm({ values });
          notifySaved(t('appBuilds.configurationSaved'));
          return;
        }
        await start.mutateAsync(values.tag.trim());
        helpers.resetForm({ values });
        notifySaved(t('appBuilds.buildStarted', { platform: t(`appBuilds.platforms.${platform}`) }));
        await navigate('/application/builds/overview');
      }}
    >
      <FormSection title={t('appBuilds.sections.configuration')} description={t('appBuilds.sections.configurationDescription')}>
        <TextField
          name="bundle_id"
          label={t(`appBuilds.fields.bundle_id_${platform}`)}
          required
          hint={t(`appBuilds.hints.bundle_id_${platform}`)}
        />
        <TextField name="version_name" label={t('appBuilds.fields.version_name')} required hint={t('appBuilds.hints.version_name')} />
        <TextField
          name="minimum_app_version"
          label={t('appBuilds.fields.minimum_app_version')}
          hint={t('appBuilds.hints.minimum_app_version')}
        />
      </FormSection>
      <FormSection title={t('appBuilds.sections.build')} description={t('appBuilds.sections.buildDescription')}>
        <TextField name="tag" label={t('appBuilds.fields.tag')} maxLength={64} hint={t('appBuilds.hints.tag')} />
      </FormSection>
      <FormErrorSummary />
      <div className="form__actions">
        <SubmitButton>{t('appBuilds.saveConfiguration')}</SubmitButton>
        <StartBuild
          platform={platform}
          state={state}
          confirming={confirming}
          onAsk={() => (intent.current = 'ask')}
          onConfirm={() => {
            setConfirming(false);
            intent.current = 'build';
          }}
          onCancel={() => setConfirming(false)}
        />
      </div>
    </Form>
  );
}

/**
 * Asks before a build starts: it cannot be stopped, and it uses up a build number. The
 * question comes after the form's own checks (a submit with intent "ask").
 */
function StartBuild({
  platform,
  state,
  confirming,
  onAsk,
  onConfirm,
  onCancel,
}: {
  platform: Platform;
  state: PlatformState;
  confirming: boolean;
  onAsk: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { values, submitForm, isSubmitting } = useFormikContext<PlatformValues>();
  const name = t(`appBuilds.platforms.${platform}`);
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={isSubmitting || state.running}
        onClick={() => {
          onAsk();
          void submitForm();
        }}
      >
        {t('appBuilds.startBuild')}
      </button>
      <ConfirmDialog
        open={confirming}
        tone="primary"
        title={t('appBuilds.confirm.title', { platform: name })}
        body={t('appBuilds.confirm.body', {
          platform: name,
          version: values.version_name.trim(),
          number: state.next_build_number,
          tag: values.tag.trim(),
        })}
        confirmLabel={t('appBuilds.confirm.start')}
        onCancel={onCancel}
        onConfirm={() => {
          onConfirm();
          void submitForm();
        }}
      />
    </>
  );
}

/** /applications/builds/build-ios */
export function BuildIosRoute() {
  return <BuildPlatformRoute platform="ios" />;
}

/** /applications/builds/build-android */
export function BuildAndroidRoute() {
  return <BuildPlatformRoute platform="android" />;
}
