import { renderHook, act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { isoDate, periodDays, periodProblem, presetRange, usePeriod, type Period } from '@/lib/period';

describe('statistics period', () => {
  const today = new Date(2026, 10, 25, 23, 30);

  it('formats local dates', () => {
    expect(isoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('ends presets today and includes today', () => {
    expect(presetRange('7', today)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetRange('7', new Date(2026, 2, 10))).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetRange('30', today)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetRange('90', today)).toEqual({ from: '2026-08-28', to: '2026-11-25' });
    expect(periodDays(presetRange('90', today).from, '2026-11-25')).toBe(90);
  });

  it('refuses missing, reversed and overlong periods like the server', () => {
    expect(periodProblem('', '2026-11-25')).toBe('missing');
    expect(periodProblem('2026-11-01', 'soon')).toBe('missing');
    expect(periodProblem('2026-11-26', '2026-11-25')).toBe('order');
    expect(periodProblem('2025-01-01', '2026-11-25')).toBe('tooLong');
    expect(periodProblem('2025-01-01', '2026-01-02')).toBe('tooLong');
    expect(periodProblem('2025-01-01', '2025-12-31')).toBeNull();
    expect(periodProblem('2026-11-25', '2026-11-25')).toBeNull();
  });
});

describe('usePeriod', () => {
  function renderPeriod(path: string) {
    let search = '';
    function Probe({ children }: { children: ReactNode }) {
      search = useLocation().search;
      return children;
    }
    const view = renderHook(() => usePeriod(), {
      wrapper: ({ children }) => (
        <RouterProvider
          router={createMemoryRouter([{ path: '/', element: <Probe>{children}</Probe> }], { initialEntries: [path] })}
        />
      ),
    });
    return { current: (): Period => view.result.current, search: () => search };
  }

  it('defaults to the last 30 days and ignores an unknown preset', () => {
    const period = renderPeriod('/?period=12');
    expect(period.current().preset).toBe('30');
    expect(period.current().range).toEqual(presetRange('30', new Date()));
    expect(period.current().query).toEqual({ days: 30 });
  });

  it('keeps presets and from–to in the address; custom starts from the preset shown', () => {
    const period = renderPeriod('/?period=7');
    const shown = presetRange('7', new Date());
    act(() => period.current().choose('custom'));
    expect(period.search()).toBe(`?from=${shown.from}&to=${shown.to}`);
    expect(period.current()).toMatchObject({ preset: 'custom', range: shown, query: shown });
    act(() => period.current().setRange({ from: '2026-11-01', to: '2026-11-05' }));
    expect(period.search()).toBe('?from=2026-11-01&to=2026-11-05');
    expect(period.current().query).toEqual({ from: '2026-11-01', to: '2026-11-05' });
    act(() => period.current().choose('90'));
    expect(period.search()).toBe('?period=90');
  });
});
