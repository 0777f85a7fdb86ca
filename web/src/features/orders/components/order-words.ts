import type { TFunction } from 'i18next';

/** An order history entry as the API sends it. */
export interface OrderHistoryEntry {
  event: string;
  detail: Record<string, unknown> | null;
  status: string;
}

/** "order.placed.v2" → "placed": every version of an event reads the same (never the type id). */
export function eventName(event: string): string {
  const match = /^order\.([a-z_]+)\.v\d+$/.exec(event);
  return match ? match[1] : event;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function cents(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A payment's status in words ("paid" → "Betaald"); unknown ones as they came. */
export function paymentStatus(t: TFunction, status: string): string {
  return t(`orders.paymentStatuses.${status}`, { defaultValue: status });
}

/** A refund's status in words ("queued" → "In de wachtrij"). */
export function refundStatus(t: TFunction, status: string): string {
  return t(`orders.refundStatuses.${status}`, { defaultValue: status });
}

/**
 * One history entry as a sentence in the user's language, with what its detail says:
 * "Betaling: betaald", "Terugbetaling van € 5,00 aangevraagd (Les gaat niet door)".
 */
export function describeEvent(t: TFunction, entry: OrderHistoryEntry, money: (cents: number) => string): string {
  const detail = entry.detail ?? {};
  const name = eventName(entry.event);
  switch (name) {
    case 'placed': {
      const total = cents(detail.total_cents);
      return t('orders.events.placed', {
        total: total === null ? '' : money(total),
        payment: t(`orders.paymentTypes.${text(detail.payment_type)}`, { defaultValue: text(detail.payment_type) }),
      });
    }
    case 'payment_started': {
      const amount = cents(detail.amount_cents);
      return t('orders.events.payment_started', {
        amount: amount === null ? '' : money(amount),
        method: t(`orders.paymentTypes.${text(detail.method)}`, { defaultValue: text(detail.method) }),
      });
    }
    case 'payment_status_changed':
      return t('orders.events.payment_status_changed', { status: paymentStatus(t, text(detail.status)).toLowerCase() });
    case 'refund_requested': {
      const amount = cents(detail.amount_cents);
      const reason = text(detail.reason);
      return t(reason ? 'orders.events.refund_requested_reason' : 'orders.events.refund_requested', {
        amount: amount === null ? '' : money(amount),
        reason,
      });
    }
    case 'refund_status_changed':
      return t('orders.events.refund_status_changed', { status: refundStatus(t, text(detail.status)).toLowerCase() });
    case 'payment_created':
    case 'canceled':
    case 'payment_after_close':
      return t(`orders.events.${name}`);
    default:
      return t('orders.events.other');
  }
}
