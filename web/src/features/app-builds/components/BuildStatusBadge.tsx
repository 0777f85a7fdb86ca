import { useTranslation } from 'react-i18next';
import { isRunning } from '@/features/app-builds/api/appBuilds';
import '@/features/app-builds/i18n';

/** A build's status in words, with a spinner-free "…" while it runs. */
export function BuildStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge--build-${status}`} data-testid="build-status">
      {t(`appBuilds.statuses.${status}`, status)}
      {isRunning(status) ? '…' : ''}
    </span>
  );
}
