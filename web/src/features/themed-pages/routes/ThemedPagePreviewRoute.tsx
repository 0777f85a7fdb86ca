import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { useApplicationTheme, useThemedPage } from '@/features/themed-pages/api/themed-pages';
import { StatusBadge } from '@/features/themed-pages/components/StatusBadge';
import { ThemedPagePreview } from '@/features/themed-pages/components/ThemedPagePreview';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';
import '@/features/themed-pages/i18n';

/** A saved page as the app shows it, in the application's colours. */
export function ThemedPagePreviewRoute() {
  const { t } = useTranslation();
  const { page_id: id = '' } = useParams();
  const { data: page, isPending, isError } = useThemedPage(id);
  const { data: application, isPending: themePending } = useApplicationTheme();
  const mayManage = can(useAuthStore((state) => state.profile), 'manage-themed-pages');
  const back = '/application/themed-pages';
  return (
    <>
      <PageHeader
        title={page ? t('themedPages.previewTitle', { name: page.title.nl }) : t('themedPages.preview')}
        actions={
          <>
            <Link className="button button--ghost" to={back}>
              {t('common.back')}
            </Link>
            {page && mayManage && (
              <Link className="button button--primary" to={`${back}/${encodeURIComponent(page.id)}`}>
                {t('common.edit')}
              </Link>
            )}
          </>
        }
      />
      {(isPending || themePending) && <Skeleton lines={8} />}
      {isError && <Link to={back}>{t('common.back')}</Link>}
      {page && !themePending && (
        <>
          <p className="page__meta">
            <StatusBadge status={page.status} />
          </p>
          <ThemedPagePreview page={page} application={application} />
        </>
      )}
    </>
  );
}
