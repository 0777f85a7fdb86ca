import { useTranslation } from 'react-i18next';
import { useNotificationStore } from '@/stores/notification';

function SaveCheckIcon() {
  return (
    <svg className="notification-bar__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" data-testid="save-check-icon">
      <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
    </svg>
  );
}

/** Bottom-right message; the store clears it after 5000 ms. */
export function NotificationBar() {
  const { t } = useTranslation();
  const current = useNotificationStore((state) => state.current);
  const clear = useNotificationStore((state) => state.clear);
  if (!current) return null;
  return (
    <div className={`notification-bar notification-bar--${current.kind}`} role={current.kind === 'error' ? 'alert' : 'status'}>
      {current.icon === 'save-check' && <SaveCheckIcon />}
      <span>{current.message}</span>
      <button type="button" className="notification-bar__close" aria-label={t('common.close')} onClick={clear}>
        ×
      </button>
    </div>
  );
}
