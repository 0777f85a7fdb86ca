import { useTranslation } from 'react-i18next';
import type { CouponEvent } from '@/features/wallets/api/types';
import { eventKey } from '@/features/wallets/wallet-format';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import '@/features/wallets/i18n';

function detailsText(details: CouponEvent['details'], t: (key: string, options?: Record<string, unknown>) => string): string[] {
  if (!details || typeof details !== 'object') return [];
  const parts: string[] = [];
  const moves = details.moves ?? details.value_moves;
  if (typeof moves === 'number') parts.push(t('wallets.history.moves', { count: moves }));
  const customer = details.customer as { name?: string } | string | undefined;
  const customerName = typeof customer === 'string' ? customer : (customer?.name ?? details.customer_name);
  if (typeof customerName === 'string' && customerName) parts.push(t('wallets.history.redeemedFor', { customer: customerName }));
  if (typeof details.via === 'string') {
    parts.push(t('wallets.history.via', { via: t(`wallets.redeemed.vias.${details.via}`, { defaultValue: details.via }) }));
  }
  return parts;
}

/** A coupon's events, oldest first: what happened, who did it, when. */
export function CouponTimeline({ events }: { events: CouponEvent[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (events.length === 0) return <p className="empty-state">{t('wallets.history.empty')}</p>;
  return (
    <ol className="timeline" data-testid="coupon-timeline">
      {events.map((event, index) => {
        const key = eventKey(event.event);
        const extra = detailsText(event.details, t);
        return (
          <li key={`${event.position ?? index}-${event.event}`} className="timeline__item" data-event={key}>
            <strong>{t(`wallets.history.events.${key}`, { defaultValue: event.event })}</strong>{' '}
            <span>{event.actor ? t('wallets.history.by', { name: event.actor.name }) : t('wallets.history.system')}</span>
            {extra.length > 0 && <span> · {extra.join(' · ')}</span>}
            <br />
            <time className="field__hint" dateTime={event.at}>
              {formatDateTime(event.at, language)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
