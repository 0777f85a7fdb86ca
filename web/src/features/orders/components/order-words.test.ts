import { i18n } from '@/lib/i18n';
import { describeEvent, eventName, paymentStatus, refundStatus } from '@/features/orders/components/order-words';
import '@/features/orders/i18n';

const money = (cents: number) => `€${(cents / 100).toFixed(2)}`;

describe('order history in words', () => {
  it('reads every version of an event the same', () => {
    expect(eventName('order.placed.v1')).toBe('placed');
    expect(eventName('order.placed.v2')).toBe('placed');
    expect(eventName('something.else')).toBe('something.else');
  });

  it('says what happened in Dutch and English, with the detail', async () => {
    await i18n.changeLanguage('nl');
    const t = i18n.t.bind(i18n);
    expect(describeEvent(t, { event: 'order.placed.v2', detail: { total_cents: 1250, payment_type: 'euros' }, status: 'open' }, money)).toBe(
      "Bestelling geplaatst: €12.50, Euro's",
    );
    expect(describeEvent(t, { event: 'order.payment_status_changed.v1', detail: { status: 'paid' }, status: 'paid' }, money)).toBe(
      'Betaling: betaald',
    );
    expect(describeEvent(t, { event: 'order.refund_status_changed.v1', detail: { status: 'queued' }, status: 'paid' }, money)).toBe(
      'Terugbetaling: in de wachtrij',
    );
    expect(describeEvent(t, { event: 'order.refund_requested.v1', detail: { amount_cents: 500 }, status: 'paid' }, money)).toBe(
      'Terugbetaling van €5.00 aangevraagd',
    );
    expect(describeEvent(t, { event: 'order.something_new.v1', detail: null, status: 'paid' }, money)).toBe('Bestelling gewijzigd');
    expect(paymentStatus(t, 'expired')).toBe('Verlopen');
    expect(refundStatus(t, 'processing')).toBe('Wordt verwerkt');
    await i18n.changeLanguage('en');
    expect(describeEvent(i18n.t.bind(i18n), { event: 'order.canceled.v1', detail: {}, status: 'canceled' }, money)).toBe('Order canceled');
  });
});
