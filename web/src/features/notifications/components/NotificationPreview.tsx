import { useTranslation } from 'react-i18next';
import { renderNotification, type Recipient } from '@/features/notifications/render';
import '@/features/notifications/i18n';

/** The sample customer the preview fills the variables for. */
export const SAMPLE_CUSTOMER = { first_name: 'Sam', last_name: 'de Vries' } as const;

/**
 * How the push looks on a phone for a sample customer: the application's name, the
 * title and the contents with {first_name}, {last_name} and {app_name} filled.
 */
export function NotificationPreview({ title, contents, appName }: { title: string; contents: string; appName: string }) {
  const { t } = useTranslation();
  const recipient: Recipient = { ...SAMPLE_CUSTOMER, app_name: appName };
  return (
    <section className="panel notification-preview" aria-labelledby="notification-preview-title">
      <h2 id="notification-preview-title">
        {t('notifications.preview.title')}
      </h2>
      <p className="field__hint">{t('notifications.preview.for', { name: `${SAMPLE_CUSTOMER.first_name} ${SAMPLE_CUSTOMER.last_name}` })}</p>
      <div className="notification-preview__card" data-testid="notification-preview">
        <p className="notification-preview__app">{appName}</p>
        <p className="notification-preview__title">{renderNotification(title, recipient) || t('notifications.preview.noTitle')}</p>
        <p className="notification-preview__body">{renderNotification(contents, recipient) || t('notifications.preview.noContents')}</p>
      </div>
    </section>
  );
}
