import { screen, within } from '@testing-library/react';
import type { ClosureImpact } from '@/features/closures/api/closures';
import { ImpactPanel } from '@/features/closures/components/ImpactPanel';
import { renderWithProviders } from '@/testing/render';

const impact: ClosureImpact = {
  sessions: 2,
  participants: 3,
  waiting: 1,
  bundle_holders: 4,
  refunds: { orders: 0, euro_cents: 0, moves: 0, open_orders: 0 },
  max_sessions: 5000,
  list: [
    { id: 's1', series_id: 'r1', activity_name: 'Zwemcursus', date: '2027-01-04', start_time: '10:00', end_time: '11:00', starts_at: '2027-01-04T09:00:00Z', participants: 0, waiting: 0, bundle_holders: 4 },
    { id: 's2', series_id: 'r2', activity_name: 'Yoga', date: '2027-01-05', start_time: '09:00', end_time: '10:00', starts_at: '2027-01-05T08:00:00Z', participants: 3, waiting: 1, bundle_holders: 0 },
  ],
};

describe('ImpactPanel', () => {
  it('counts the bundle holders of the closed sessions, who keep their bundle and are mailed (decision 1770)', () => {
    renderWithProviders(<ImpactPanel impact={impact} />);
    const panel = screen.getByTestId('closure-impact');
    expect(within(panel).getByRole('status')).toHaveTextContent(
      '4 bundle holders keep their bundle without these sessions, get nothing back for them and are mailed.',
    );
    const rows = within(screen.getByTestId('closure-sessions')).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('Bundle holders');
    expect(rows[1]).toHaveTextContent('Zwemcursus');
    expect(within(rows[1]).getAllByRole('cell').at(-1)).toHaveTextContent('4');
  });

  it('says nothing of bundles when no bundle holds a session', () => {
    renderWithProviders(<ImpactPanel impact={{ ...impact, bundle_holders: 0 }} />);
    expect(screen.getByTestId('closure-impact')).not.toHaveTextContent('bundle holder');
  });
});
