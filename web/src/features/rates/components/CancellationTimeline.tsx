import { useTranslation } from 'react-i18next';
import type { Period } from '@/features/rates/api/types';
import { termTimeline } from '@/features/rates/timeline';
import '@/features/rates/i18n';

/** A term's periods as a timeline from booking to the session's start. */
export function CancellationTimeline({ periods }: { periods: Period[] }) {
  const { t } = useTranslation();
  return (
    <ol className="timeline" aria-label={t('rates.terms.timeline')}>
      {termTimeline(periods, t).map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ol>
  );
}
