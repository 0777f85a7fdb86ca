import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/EmptyState';
import { Icon } from '@/components/ui/Icon';

/**
 * The one "could not be loaded" state of a list: what went wrong and a way to ask again.
 * Its container says it (role="alert"): a grid's overlay, a card list, a panel.
 */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('grid.failed')}
      message={t('grid.failedHint')}
      action={
        <button type="button" className="button" onClick={onRetry}>
          <Icon name="retry" size={16} /> {t('grid.retry')}
        </button>
      }
    />
  );
}
