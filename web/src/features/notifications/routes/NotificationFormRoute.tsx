import { useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import * as yup from 'yup';
import { DateTimeField, Form, FormActions, FormErrorSummary, FormSection, SubmitButton, TextAreaField, TextField } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useCancelNotification,
  useNotification,
  useNotificationSettings,
  useSaveNotification,
  type Notification,
  type NotificationSettings,
} from '@/features/notifications/api/notifications';
import { NotificationPreview } from '@/features/notifications/components/NotificationPreview';
import { formatSendOn } from '@/features/notifications/format';
import { unknownVariables } from '@/features/notifications/render';
import { formatTimeZone } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { notifySaved } from '@/stores/notification';
import '@/features/notifications/i18n';

interface NotificationValues {
  title: string;
  contents: string;
  send_on: string;
}

const BACK = '/application/notifications';

/** The server's rules (domain/notification): lengths, known variables, a local date and time. */
function notificationSchema(t: TFunction, settings: NotificationSettings) {
  const title = t('notifications.fields.title').toLowerCase();
  const contents = t('notifications.fields.contents').toLowerCase();
  const sendOn = t('notifications.fields.send_on').toLowerCase();
  const known = (field: string) =>
    yup.string().test('variables', '', function check(value) {
      const unknown = unknownVariables(value ?? '', settings.variables);
      return unknown.length === 0 || this.createError({ message: t('notifications.unknownVariable', { field, name: `{${unknown[0]}}` }) });
    });
  return yup.object({
    title: known(title)
      .trim()
      .required(t('errors.required', { field: title }))
      .max(settings.max_title_length, t('errors.maxLength', { field: title, length: settings.max_title_length })),
    contents: known(contents)
      .trim()
      .required(t('errors.required', { field: contents }))
      .max(settings.max_length, t('errors.maxLength', { field: contents, length: settings.max_length })),
    send_on: yup
      .string()
      .required(t('errors.required', { field: sendOn }))
      .matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, t('errors.required', { field: sendOn })),
  });
}

/** Create (no notification_id) or edit a notification; a sent or cancelled one is shown, not edited. */
export function NotificationFormRoute() {
  const { notification_id: id } = useParams();
  const settings = useNotificationSettings();
  const notification = useNotification(id ?? '');
  if (settings.isPending || (id && notification.isPending)) return <Skeleton lines={4} />;
  if (settings.isError || (id && notification.isError)) return null;
  return <NotificationEditor settings={settings.data} notification={id ? notification.data : undefined} />;
}

/** The preview follows what is typed. */
function LivePreview({ appName }: { appName: string }) {
  const { values } = useFormikContext<NotificationValues>();
  return <NotificationPreview title={values.title} contents={values.contents} appName={appName} />;
}

function NotificationEditor({ settings, notification }: { settings: NotificationSettings; notification?: Notification }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === 'en' ? 'en' : 'nl') as Language;
  const navigate = useNavigate();
  const save = useSaveNotification();
  const cancel = useCancelNotification();
  const [confirming, setConfirming] = useState(false);
  const locked = notification !== undefined && !notification.editable;
  const appName = settings.app_name || 'Move';

  if (locked) {
    return (
      <>
        <PageHeader
          title={t('notifications.viewTitle')}
          actions={<HistoryLink entityType="notification" entityId={notification.id} />}
        />
        <div className="notification-editor">
          <section className="panel" aria-labelledby="notification-summary">
            <h2 id="notification-summary">{notification.title}</h2>
            <p>
              <span className={`badge badge--${notification.status}`}>{t(`notifications.status.${notification.status}`)}</span>{' '}
              {formatSendOn(notification.send_on, language)} ({formatTimeZone(notification.zone, language)})
            </p>
            {notification.status === 'sent' && <p>{t('notifications.sentTo', { count: notification.recipients })}</p>}
            <p className="notification-preview__body">{notification.contents}</p>
            <p className="field__hint">{t('notifications.locked')}</p>
            <Link to={BACK}>{t('common.back')}</Link>
          </section>
          <NotificationPreview title={notification.title} contents={notification.contents} appName={appName} />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t(notification ? 'notifications.editTitle' : 'notifications.createTitle')}
        actions={
          notification && (
            <>
              <HistoryLink entityType="notification" entityId={notification.id} />
              <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                {t('notifications.cancel')}
              </button>
            </>
          )
        }
      />
      <Form<NotificationValues>
        className="form form--sections notification-editor"
        guardUnsaved
        initialValues={{ title: notification?.title ?? '', contents: notification?.contents ?? '', send_on: notification?.send_on ?? '' }}
        validationSchema={notificationSchema(t, settings)}
        onSubmit={async (values) => {
          await save.mutateAsync({
            id: notification?.id,
            version: notification?.version,
            input: { title: values.title.trim(), contents: values.contents.trim(), send_on: values.send_on },
          });
          notifySaved(t('common.saved'));
          await navigate(BACK);
        }}
      >
        <div>
          <FormSection title={t('notifications.section')} description={t('notifications.sectionHint')}>
            <TextField name="title" label={t('notifications.fields.title')} required autoFocus wide hint={t('notifications.variablesHint')} />
            <TextAreaField
              name="contents"
              label={t('notifications.fields.contents')}
              required
              rows={4}
              counter={{
                advised: settings.advised_length,
                max: settings.max_length,
                describe: (length, state) =>
                  t(state === 'over-max' ? 'notifications.counterOverMax' : state === 'over-advised' ? 'notifications.counterOverAdvised' : 'notifications.counter', {
                    length,
                    advised: settings.advised_length,
                    max: settings.max_length,
                  }),
              }}
            />
            <DateTimeField
              name="send_on"
              label={t('notifications.fields.send_on')}
              required
              hint={t('notifications.sendOnHint', { zone: formatTimeZone(settings.zone, language) })}
            />
            {notification && <p className="field__hint">{t('notifications.reaches', { count: notification.recipients })}</p>}
          </FormSection>
          <FormErrorSummary />
          <FormActions>
            <SubmitButton>{t('common.save')}</SubmitButton>
            <Link to={BACK}>{t('common.cancel')}</Link>
          </FormActions>
        </div>
        <LivePreview appName={appName} />
      </Form>
      {notification && (
        <ConfirmDialog
          open={confirming}
          title={t('notifications.cancel')}
          body={t('notifications.cancelBody', { name: notification.title })}
          confirmLabel={t('notifications.cancel')}
          busy={cancel.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            cancel
              .mutateAsync({ id: notification.id, version: notification.version })
              .then(() => {
                notifySaved(t('notifications.cancelled'));
                void navigate(BACK);
              })
              .catch(() => undefined) // the API client shows the server's refusal (sent meanwhile)
              .finally(() => setConfirming(false));
          }}
        />
      )}
    </>
  );
}
