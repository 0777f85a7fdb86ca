import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LocationFormRoute } from '@/features/locations/routes/LocationFormRoute';
import { useAuthStore } from '@/stores/auth';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const ORGANIZATION = 'o1';

const LOCATION = {
  id: 'l1',
  organization_id: ORGANIZATION,
  organization_name: 'Sportclub',
  name: 'Sporthal Noord',
  street: 'Laan',
  house_number: '1',
  zipcode: '1234AB',
  city: 'Utrecht',
  latitude: null,
  longitude: null,
  notes: '',
  location_types: ['t1'],
  sports: ['s1', 's2'],
  contacts: ['c1'],
  // The answer names its choices (web-111); s2 is one it cannot name (gone since).
  names: { t1: 'Zwembad', s1: 'Yoga', c1: 'Ria' },
  is_hidden: false,
  is_visible: true,
  show_link: false,
  link_label: '',
  link: '',
  image_id: null,
  image_url: null,
  opening_hours: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekday) => ({
    weekday,
    is_open: weekday === 'monday',
    opened_at: weekday === 'monday' ? '09:00' : null,
    closed_at: weekday === 'monday' ? '17:00' : null,
  })),
  version: 3,
  created_at: '',
  updated_at: '',
};

function answer(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = String(input);
  if (init?.method === 'POST' || init?.method === 'PUT') return new Response(JSON.stringify({ data: { id: 'l2', version: 1 } }), { status: 201 });
  if (url.startsWith('/v1/admin/locations/l1')) return new Response(JSON.stringify({ data: LOCATION }));
  if (url.startsWith('/v1/admin/sports/all')) return new Response(JSON.stringify({ data: [{ id: 's1', name: 'Yoga' }, { id: 's2', name: 'Judo' }] }));
  if (url.startsWith('/v1/admin/location-types/all')) return new Response(JSON.stringify({ data: [{ id: 't1', name: 'Sporthal' }] }));
  if (url.includes('/contacts')) return new Response(JSON.stringify({ data: [{ id: 'c1', name: 'Ria' }], meta: { pagination: { total: 1 } } }));
  return new Response('{}', { status: 404 });
}

function open(path: string, abilities: string[]) {
  useAuthStore.getState().setProfile({ roles: [], abilities, organizations: [] });
  const router = createMemoryRouter(
    [
      { path: '/organizations/:organization_id/locations/create', element: <LocationFormRoute /> },
      { path: '/organizations/:organization_id/locations/:location_id/update', element: <LocationFormRoute /> },
      { path: '/organizations/:organization_id/locations', element: <p>list</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const requested = (fetchMock: ReturnType<typeof mockFetch>, part: string) => fetchMock.mock.calls.some(([url]) => String(url).includes(part));

describe('location form', () => {
  const fetchMock = mockFetch(async (input, init) => answer(input, init));
  afterEach(() => useAuthStore.setState({ profile: null }));

  it('is read-only for a user who may see but not edit locations: no buttons the server refuses, no lists they may not read', async () => {
    open(`/organizations/${ORGANIZATION}/locations/l1/update`, ['view-locations']);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Sporthal Noord');
    expect(name).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'City' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Monday' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Monday opens at' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete location' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Plan a closure' })).not.toBeInTheDocument();
    expect(screen.queryByText('Fields marked * are required.')).not.toBeInTheDocument();
    // The catalogue and the contacts are not asked for without view-catalog and view-contacts:
    // the location's choices are named by its own answer, an unnamed one counted, never "Chosen".
    expect(screen.getByText('Zwembad')).toBeInTheDocument();
    expect(screen.getByText('Yoga')).toBeInTheDocument();
    expect(screen.getByText('and 1 more that is no longer available')).toBeInTheDocument();
    expect(screen.getByText('Ria')).toBeInTheDocument();
    expect(screen.queryByText(/you may not see the list/)).not.toBeInTheDocument();
    expect(requested(fetchMock, '/sports/all')).toBe(false);
    expect(requested(fetchMock, '/location-types/all')).toBe(false);
    expect(requested(fetchMock, '/contacts')).toBe(false);
    expect(fetchMock.mock.calls.every(([, init]) => !init?.method || init.method === 'GET')).toBe(true);
  });

  it('lets an editor change it, in sections, with the lists loaded and the delete button shown', async () => {
    open(`/organizations/${ORGANIZATION}/locations/l1/update`, ['view-locations', 'edit-location', 'view-catalog', 'view-contacts']);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete location' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Judo' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'Ria' })).toBeChecked();
    for (const section of ['Location', 'Address', 'Image', 'Opening hours', 'What it offers', 'Publication']) {
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    }
    // The image rule is said before any upload.
    expect(within(screen.getByRole('region', { name: 'Image' })).getByText(/500 × 250/)).toBeInTheDocument();
  });

  it('marks what the server requires, names each invalid field in the summary and focuses the first', async () => {
    open(`/organizations/${ORGANIZATION}/locations/create`, ['create-locations']);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Button label' })).not.toBeRequired();
    await userEvent.click(screen.getByRole('switch', { name: 'Show a link button' }));
    // A shown link button needs its label and its address (domain/location).
    expect(screen.getByRole('textbox', { name: 'Button label' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Link' })).toBeRequired();
    await userEvent.click(screen.getByRole('switch', { name: 'Monday' }));
    expect(screen.getByRole('textbox', { name: 'Monday opens at' })).toBeRequired();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Name' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Button label' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Monday opens at' })).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
