import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Icon } from '@/components/ui/Icon';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  LIMITS,
  useDeleteThemedPage,
  usePublishThemedPage,
  useReorderThemedPages,
  useThemedPages,
  type ThemedPageRow,
} from '@/features/themed-pages/api/themed-pages';
import { StatusBadge } from '@/features/themed-pages/components/StatusBadge';
import { can } from '@/lib/authorization';
import { formatDateTime } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';
import '@/features/themed-pages/i18n';

const BASE = '/application/themed-pages';

/**
 * The application's themed pages in the app's order: move a page up or down (the
 * order is saved at once), publish or make a draft again, preview, edit, delete after a
 * confirmation. An application has at most LIMITS.pages pages, so they are one list.
 */
export function ThemedPagesListRoute() {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === 'en' ? 'en' : 'nl') as Language;
  const profile = useAuthStore((state) => state.profile);
  const mayManage = can(profile, 'manage-themed-pages');
  const { data: pages, isPending, isError } = useThemedPages();
  const reorder = useReorderThemedPages();
  const publish = usePublishThemedPage();
  const remove = useDeleteThemedPage();
  const [deleting, setDeleting] = useState<ThemedPageRow | null>(null);
  const busy = reorder.isPending || publish.isPending;

  const move = (index: number, to: number) => {
    if (!pages) return;
    const ids = pages.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(to, 0, moved);
    reorder.mutate(ids, { onSuccess: () => notifySaved(t('themedPages.moved')) });
  };

  const create = mayManage && (pages?.length ?? 0) < LIMITS.pages && (
    <Link className="button button--primary" to={`${BASE}/create`}>
      {t('themedPages.create')}
    </Link>
  );
  return (
    <>
      <PageHeader title={t('themedPages.title')} actions={create} />
      <p className="page__intro">{t('themedPages.intro')}</p>
      {isPending && <Skeleton lines={4} />}
      {isError && <EmptyState title={t('errors.generic')} />}
      {pages && pages.length === 0 && <EmptyState title={t('themedPages.empty')} message={t('themedPages.emptyHint')} action={create} />}
      {pages && pages.length > 0 && (
        <table className="table themed-pages" data-testid="themed-pages">
          <caption className="visually-hidden">{t('themedPages.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('themedPages.position')}</th>
              <th scope="col">{t('themedPages.fields.title')}</th>
              <th scope="col">{t('themedPages.statusLabel')}</th>
              <th scope="col">{t('themedPages.sections.blocks')}</th>
              <th scope="col">{t('themedPages.fields.updated_at')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page, index) => {
              const name = page.title.nl;
              const published = page.status === 'published';
              return (
                <tr key={page.id} data-testid="themed-page-row">
                  <td>{index + 1}</td>
                  <th scope="row">
                    <span className="themed-pages__title">
                      {page.image_url && <img className="grid-icon" src={page.image_url} alt="" />}
                      {mayManage ? <Link to={`${BASE}/${encodeURIComponent(page.id)}`}>{name}</Link> : name}
                    </span>
                  </th>
                  <td>
                    <StatusBadge status={page.status} />
                  </td>
                  <td>{t('themedPages.blockCount', { count: page.block_count })}</td>
                  <td>{formatDateTime(page.updated_at, language)}</td>
                  <td>
                    <div className="themed-pages__actions">
                      {mayManage && (
                        <>
                          <button type="button" className="button button--ghost button--small" disabled={busy || index === 0}
                            onClick={() => move(index, index - 1)} aria-label={t('themedPages.moveUp', { name })}>
                            ↑
                          </button>
                          <button type="button" className="button button--ghost button--small" disabled={busy || index === pages.length - 1}
                            onClick={() => move(index, index + 1)} aria-label={t('themedPages.moveDown', { name })}>
                            ↓
                          </button>
                          <button type="button" className="button button--ghost button--small" disabled={busy}
                            aria-label={`${t(published ? 'themedPages.unpublish' : 'themedPages.publish')}: ${name}`}
                            onClick={() =>
                              publish.mutate(
                                { id: page.id, publish: !published },
                                { onSuccess: () => notifySaved(t(published ? 'themedPages.unpublished' : 'themedPages.published', { name })) },
                              )
                            }>
                            {t(published ? 'themedPages.unpublish' : 'themedPages.publish')}
                          </button>
                        </>
                      )}
                      <Link className="button button--ghost button--small" to={`${BASE}/${encodeURIComponent(page.id)}/preview`}
                        aria-label={`${t('themedPages.preview')}: ${name}`}>
                        <Icon name="view" /> {t('themedPages.preview')}
                      </Link>
                      {mayManage && (
                        <button type="button" className="button button--ghost button--small" onClick={() => setDeleting(page)}
                          aria-label={`${t('common.delete')}: ${name}`}>
                          <Icon name="delete" />
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('themedPages.delete')}
        body={t('themedPages.deleteBody', { name: deleting?.title.nl ?? '' })}
        confirmLabel={t('themedPages.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySaved(t('common.deleted', { name: deleting.title.nl }));
              setDeleting(null);
            },
            onError: () => setDeleting(null),
          });
        }}
      />
    </>
  );
}
