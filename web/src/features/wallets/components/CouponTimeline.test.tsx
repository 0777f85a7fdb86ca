import { screen, within } from '@testing-library/react';
import { CouponTimeline } from '@/features/wallets/components/CouponTimeline';
import { renderWithProviders } from '@/testing/render';

describe('CouponTimeline', () => {
  it('tells what happened, who did it and for whom', () => {
    renderWithProviders(
      <CouponTimeline
        events={[
          { event: 'coupon.issued', at: '2026-11-20T10:00:00Z', actor: { id: 'u1', name: 'Sam Support' }, details: { value_moves: 10 }, position: '1.0' },
          { event: 'coupon.disabled', at: '2026-11-21T10:00:00Z', actor: { id: 'u1', name: 'Sam Support' }, details: {}, position: '2.0' },
          { event: 'coupon.enabled', at: '2026-11-22T10:00:00Z', actor: { id: 'u1', name: 'Sam Support' }, details: {}, position: '3.0' },
          {
            event: 'coupon.redeemed',
            at: '2026-11-23T10:00:00Z',
            actor: { id: 'u2', name: 'Sam Support' },
            details: { customer: { id: 'c1', name: 'Chris Customer' }, value_moves: 10, via: 'support' },
            position: '4.0',
          },
          { event: 'wallet.credited', at: '2026-11-23T10:00:01Z', actor: null, details: { moves: 10 }, position: '5.0' },
        ]}
      />,
    );
    const items = within(screen.getByTestId('coupon-timeline')).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-event'))).toEqual([
      'issued',
      'disabled',
      'enabled',
      'redeemed',
      'credited',
    ]);
    expect(items[0]).toHaveTextContent('Created by Sam Support · 10 moves');
    expect(items[3]).toHaveTextContent('Redeemed by Sam Support · 10 moves · for Chris Customer · via Support');
    expect(items[4]).toHaveTextContent('Moves credited System · 10 moves');
  });

  it('says when there is nothing yet', () => {
    renderWithProviders(<CouponTimeline events={[]} />);
    expect(screen.getByText('No events yet.')).toBeInTheDocument();
  });
});
