import '@/features/audit/i18n';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { useFootprint } from '@/features/audit/api/audit';
import { AUDIT_AREA, EventList } from '@/features/audit/components/EventList';

/** /application/audit/footprints/:correlationId: every event one request caused, in every stream. */
export function AuditFootprintRoute() {
  const { t } = useTranslation();
  const { correlationId = '' } = useParams();
  const footprint = useFootprint(correlationId);
  return (
    <>
      <PageHeader title={t('audit.footprintTitle')} />
      <p className="field__hint">
        {t('audit.footprintIntro')} <code>{correlationId}</code>
      </p>
      <p>
        <Link to={AUDIT_AREA}>{t('audit.backToLog')}</Link>
      </p>
      {footprint.isPending && <Skeleton lines={6} />}
      {footprint.isError && <EmptyState message={t('audit.footprintNotFound')} />}
      {footprint.data && <EventList events={footprint.data} />}
    </>
  );
}
