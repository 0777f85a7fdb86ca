import { useTranslation } from 'react-i18next';

/** Draft or published, in words and colour. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge--${status === 'published' ? 'approved' : 'pending'}`}>{t(`themedPages.status.${status}`)}</span>;
}
