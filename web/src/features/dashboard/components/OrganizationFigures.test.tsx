import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { OrganizationFigures } from '@/features/dashboard/components/OrganizationFigures';
import en from '@/features/dashboard/locales/en.json';
import nl from '@/features/dashboard/locales/nl.json';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const figures = {
  organization_id: 'o1',
  name: 'Studio',
  state: 'approved',
  time_zone: 'Europe/Amsterdam',
  upcoming: [{ session_id: 's1', activity_id: 'a1', activity_name: 'Yoga', starts_at: '2026-11-27T18:00:00Z', spots: 10, taken: 8, waiting: 2 }],
  occupancy: { sessions: 1, spots: 10, taken: 8, waiting: 2, percent: 80 },
  days: [
    { date: '2026-11-25', bookings: 3, cancellations: 0 },
    { date: '2026-11-26', bookings: 5, cancellations: 1 },
  ],
  no_shows: { present: 3, absent: 1, percent: 25 },
  recent_bookings: [
    { booking_id: 'b1', session_id: 's1', activity_name: 'Yoga', starts_at: '2026-11-27T18:00:00Z', first_name: 'Kim', last_name: 'Klant', status: 'confirmed', booked_at: '2026-11-26T08:00:00Z' },
  ],
};

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('OrganizationFigures', () => {
  const fetchMock = mockFetch();

  it('shows occupancy, waiting lists, no-shows, the upcoming sessions and the latest bookings', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: figures })));
    const router = createMemoryRouter([{ path: '/', element: <OrganizationFigures organizationId="o1" enabled /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByTestId('figures-occupancy')).toHaveTextContent('80 % (8 of 10 spots)');
    expect(screen.getByText('25 % (1 of 4 marked)')).toBeInTheDocument();
    expect(screen.getByTestId('figures-upcoming')).toHaveTextContent('8 / 10');
    expect(screen.getByRole('link', { name: /Nov 27|27 Nov/ })).toHaveAttribute('href', '/organizations/o1/activities/a1/sessions/s1');
    expect(screen.getByTestId('figures-recent')).toHaveTextContent('Kim Klant · Yoga');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/v1/admin/organizations/o1/dashboard');
  });

  it('says when the figures could not be loaded, and shows them on asking again', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 }));
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: figures })));
    const router = createMemoryRouter([{ path: '/', element: <OrganizationFigures organizationId="o1" enabled /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    const alert = (await screen.findByText('The figures could not be loaded')).closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('figures-occupancy')).toHaveTextContent('80 % (8 of 10 spots)');
    expect(screen.queryByText('The figures could not be loaded')).toBeNull();
  });

  it('asks nothing without permission', () => {
    const router = createMemoryRouter([{ path: '/', element: <OrganizationFigures organizationId="o1" enabled={false} /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(screen.queryByTestId('organization-figures')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has every text in Dutch and English', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
  });
});
