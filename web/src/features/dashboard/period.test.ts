import { isoDate, periodDays, periodProblem, presetRange } from '@/features/dashboard/period';

describe('overview period', () => {
  const today = new Date(2026, 10, 25, 23, 30);

  it('formats local dates', () => {
    expect(isoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('ends presets today and includes today', () => {
    expect(presetRange('7', today)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetRange('30', today)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetRange('90', today)).toEqual({ from: '2026-08-28', to: '2026-11-25' });
    expect(periodDays(presetRange('90', today).from, '2026-11-25')).toBe(90);
  });

  it('refuses missing, reversed and overlong periods', () => {
    expect(periodProblem('', '2026-11-25')).toBe('overview.errors.periodMissing');
    expect(periodProblem('2026-11-26', '2026-11-25')).toBe('overview.errors.periodOrder');
    expect(periodProblem('2025-01-01', '2026-11-25')).toBe('overview.errors.periodTooLong');
    expect(periodProblem('2026-11-25', '2026-11-25')).toBeNull();
  });
});
