import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/EmptyState';
import { Icon } from '@/components/ui/Icon';

/**
 * The one "could not be loaded" state: what went wrong and a way to ask again. A list's
 * by default; `title` names what else failed ("The figures could not be loaded"). Its
 * container says it (role="alert"): a grid's overlay, a card list, a panel.
 */
export function LoadFailed({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={title ?? t('grid.failed')}
      message={t('grid.failedHint')}
      action={
        <button type="button" className="button" onClick={onRetry}>
          <Icon name="retry" size={16} /> {t('grid.retry')}
        </button>
      }
    />
  );
}
