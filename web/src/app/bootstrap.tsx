import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplicationSettings } from '@/app/shell/application-settings';
import { Spinner } from '@/components/ui/Skeleton';
import { applyApplicationSettings } from '@/lib/application';

/** Loads the application's settings before anything else shows, then applies title, favicon and theme. */
export function ApplicationBootstrap({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data, isPending } = useApplicationSettings();

  useEffect(() => {
    if (!isPending) applyApplicationSettings(data);
  }, [data, isPending]);

  if (isPending) return <Spinner label={t('app.loading')} />;
  return children;
}
