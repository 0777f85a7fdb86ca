import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditEvent } from '@/features/audit/api/audit';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

export const AUDIT_AREA = '/application/audit';

export function entityLink(entityType: string, entityId: string): string {
  return `${AUDIT_AREA}/entities/${encodeURIComponent(entityType)}/${encodeURIComponent(entityId)}`;
}

/** Events in words, each with who, when, what it was about, its request and its raw JSON one click away. */
export function EventList({ events }: { events: AuditEvent[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <ol className="audit-events" data-testid="audit-events">
      {events.map((event) => (
        <li key={event.id} className="audit-event" data-type={event.type}>
          <p className="audit-event__sentence">{event.sentence}</p>
          <p className="field__hint">
            <time dateTime={event.recorded_at}>{formatDateTime(event.recorded_at, language)}</time>
            {' · '}
            {event.actor ? (
              <Link to={`${AUDIT_AREA}?actor_id=${encodeURIComponent(event.actor.id)}`}>
                {t('audit.byActor', { name: event.actor.name || event.actor.id })}
              </Link>
            ) : (
              t('audit.bySystem')
            )}
            {' · '}
            {event.entity_id ? (
              <Link to={entityLink(event.entity_type, event.entity_id)}>{t('audit.entityHistory')}</Link>
            ) : (
              event.entity_type
            )}
            {event.correlation_id && (
              <>
                {' · '}
                <Link to={`${AUDIT_AREA}/footprints/${encodeURIComponent(event.correlation_id)}`}>{t('audit.footprint')}</Link>
              </>
            )}
          </p>
          <details>
            <summary>{t('audit.raw')}</summary>
            <pre className="audit-event__raw">
              {JSON.stringify({ type: event.type, position: event.position, version: event.version, data: event.data }, null, 2)}
            </pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
