import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApplicationOverviewRoute } from '@/features/dashboard/routes/ApplicationOverviewRoute';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

function answer(from: string, to: string) {
  const days = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += 86_400_000) {
    days.push({ day: new Date(at).toISOString().slice(0, 10), created: 1, approved: 0, rejected: 0 });
  }
  return {
    data: {
      from,
      to,
      organizations_by_state: { approved: 3, pending: 1, rejected: 0 },
      organizations_total: 4,
      new_organizations_per_day: days,
      new_organizations_per_week: [],
    },
  };
}

// The server counts a preset's days back from today in the application's time zone: here
// 25 November, whatever the browser's date.
const SERVER_TODAY = '2026-11-25';

const answers: typeof fetch = async (input) => {
  const url = new URL(String(input), 'http://localhost');
  const days = Number(url.searchParams.get('days'));
  const body = days
    ? answer(new Date(Date.parse(SERVER_TODAY) - (days - 1) * 86_400_000).toISOString().slice(0, 10), SERVER_TODAY)
    : answer(url.searchParams.get('from')!, url.searchParams.get('to')!);
  return new Response(JSON.stringify(body), { status: 200 });
};

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/application', element: <ApplicationOverviewRoute /> }], {
    initialEntries: [path],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('ApplicationOverviewRoute', () => {
  const fetchMock = mockFetch(answers);

  it('asks for the chosen from–to and draws both charts', async () => {
    renderAt('/application?from=2026-11-01&to=2026-11-05');
    expect(await screen.findByRole('img', { name: 'Organisations by state' })).toHaveAccessibleDescription(
      'Approved: 3 (75%), Pending: 1 (25%), Rejected: 0 (0%)',
    );
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(5);
    expect(String(fetchMock.mock.calls[0][0])).toContain('/v1/admin/application/statistics?from=2026-11-01&to=2026-11-05');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('custom');
  });

  it('switches to a preset and keeps it in the address', async () => {
    const router = renderAt('/application');
    expect(await screen.findAllByTestId('chart-bar')).toHaveLength(30);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), '7');
    expect(router.state.location.search).toBe('?period=7');
    expect(await screen.findAllByTestId('chart-bar')).toHaveLength(7);
  });

  it("asks for a preset's days, and titles the chart with the days the server counted", async () => {
    renderAt('/application?period=7');
    expect(await screen.findAllByTestId('chart-bar')).toHaveLength(7);
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/v1\/admin\/application\/statistics\?days=7$/);
    expect(screen.getByRole('img', { name: /^New organisations per day/ })).toHaveAccessibleName(
      'New organisations per day (19 Nov – 25 Nov)',
    );
  });

  it('does not ask for a reversed period', async () => {
    renderAt('/application?from=2026-11-05&to=2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must be on or before the end date');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
