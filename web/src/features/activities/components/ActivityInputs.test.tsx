import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { Activity } from '@/features/activities/api/types';
import { ActivityInputs, emptyActivity, sportOptions } from '@/features/activities/components/ActivityInputs';
import { ActivityCreateRoute } from '@/features/activities/routes/ActivityCreateRoute';
import { ActivityDetailsRoute } from '@/features/activities/routes/ActivityDetailsRoute';
import { ActivityLocationRoute } from '@/features/activities/routes/ActivitySubPages';
import { useAuthStore } from '@/stores/auth';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const page = (rows: object[]) => ({ data: rows, meta: { pagination: { total: rows.length } } });
const json = (body: unknown) => new Response(JSON.stringify(body));

const STAFF = [
  'view-activities',
  'create-activities',
  'edit-activity',
  'view-rates',
  'view-contacts',
  'view-catalog',
  'view-organization',
  'edit-organization',
  'view-categories',
  'view-tags',
];
const TRAINER = ['view-activities', 'view-catalog'];

const activity = {
  id: 'a1',
  organization_id: 'o1',
  organization_name: 'Studio Zen',
  type: 'session',
  name: 'Evening yoga',
  sport_id: 's1',
  description: '',
  notes: '',
  rate_id: 'r1',
  rate_name: 'Volwassenen',
  rate_price_cents: 1250,
  cancellation_term_id: 't1',
  cancellation_term_name: 'Soepel',
  gender: '',
  level: '',
  category_ids: [],
  tag_ids: [],
  payment_url: '',
  price_display_mode: 'eur',
  image_id: null,
  image_url: null,
  is_accessible: false,
  age_min: null,
  age_max: null,
  contacts: [],
  concept: false,
  location_id: 'l1',
  location_name: 'Sporthal (Utrecht)',
  label_ids: [],
  version: 3,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
} as unknown as Activity;

/** The API as the organisation's lists answer; `organizationSports` are the sports its profile links. */
function serve(organizationSports: string[] = ['s1']) {
  return async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/v1/admin/organizations/o1/rates'))
      return json(
        page([
          { id: null, name: 'Free', price_cents: 0 },
          { id: 'r1', name: 'Volwassenen', price_cents: 1250 },
          { id: 'r2', name: 'Kinderen', price_cents: 600 },
        ]),
      );
    if (url.includes('/v1/admin/organizations/o1/cancellation-terms')) return json(page([{ id: 't1', name: 'Soepel' }]));
    if (url.includes('/v1/admin/sports/all'))
      return json({
        data: [
          { id: 's1', name: 'Yoga' },
          { id: 's2', name: 'Tennis' },
        ],
      });
    if (/\/v1\/admin\/organizations\/o1(\?|$)/.test(url)) return json({ data: { id: 'o1', sports: organizationSports } });
    return json(page([]));
  };
}

function renderInputs(abilities: string[], path = '/organizations/o1/activities/create') {
  useAuthStore.getState().setProfile({ roles: [], abilities, organizations: [] });
  const router = createMemoryRouter(
    [
      {
        path: '/organizations/:organizationId/activities/create',
        element: (
          <Formik initialValues={emptyActivity} onSubmit={() => undefined}>
            <ActivityInputs creating />
          </Formik>
        ),
      },
      { path: '/organizations/:organizationId/profile', element: <p>profile</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

function renderDetails(abilities: string[], tab = <ActivityDetailsRoute />) {
  useAuthStore.getState().setProfile({ roles: [], abilities, organizations: [] });
  const router = createMemoryRouter(
    [
      {
        path: '/organizations/:organizationId/activities/:activityId',
        element: <Outlet context={{ activity, base: '/organizations/o1/activities/a1' }} />,
        children: [{ index: true, element: tab }],
      },
    ],
    { initialEntries: ['/organizations/o1/activities/a1'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('ActivityInputs', () => {
  const fetchMock = mockFetch();
  afterEach(() => {
    cleanup();
    useAuthStore.setState({ profile: null });
  });

  it('shows each rate with its price and free once (the API’s Free row is not a second entry)', async () => {
    fetchMock.mockImplementation(serve());
    renderInputs(STAFF);
    const rate = await screen.findByRole('combobox', { name: 'Rate' });
    expect(await within(rate).findByRole('option', { name: 'Volwassenen — €12.50' })).toHaveValue('r1');
    expect(within(rate).getByRole('option', { name: 'Kinderen — €6.00' })).toHaveValue('r2');
    expect(within(rate).getAllByRole('option', { name: /free/i })).toHaveLength(1);
    expect(within(rate).getAllByRole('option')).toHaveLength(3);
    const term = screen.getByRole('combobox', { name: 'Cancellation term' });
    expect(await within(term).findByRole('option', { name: 'Soepel' })).toHaveValue('t1');
    expect(within(term).getByRole('option', { name: "The rate's term" })).toBeInTheDocument();
  });

  it('offers only the organisation’s sports', async () => {
    fetchMock.mockImplementation(serve(['s2']));
    renderInputs(STAFF);
    const sport = await screen.findByRole('combobox', { name: 'Sport' });
    expect(await within(sport).findByRole('option', { name: 'Tennis' })).toHaveValue('s2');
    expect(within(sport).queryByRole('option', { name: 'Yoga' })).not.toBeInTheDocument();
  });

  it('explains an organisation without sports and links to where they are linked', async () => {
    fetchMock.mockImplementation(serve([]));
    renderInputs(STAFF);
    const link = await screen.findByRole('link', { name: "Link them in the organisation's profile." });
    expect(link).toHaveAttribute('href', '/organizations/o1/profile');
    expect(screen.getByText(/This organisation has no sports yet./)).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Sport' })).getAllByRole('option')).toHaveLength(1);
  });

  it('marks the fields the server requires', async () => {
    fetchMock.mockImplementation(serve());
    renderInputs(STAFF);
    expect(await screen.findByRole('textbox', { name: /Name/ })).toBeRequired();
    expect(screen.getByRole('combobox', { name: /Type/ })).toBeRequired();
  });

  it('keeps the current sport among the organisation’s', () => {
    const catalogue = [
      { value: 's1', label: 'Yoga' },
      { value: 's2', label: 'Tennis' },
    ];
    expect(sportOptions(catalogue, ['s2'], 's1')).toEqual(catalogue); // the current sport stays
    expect(sportOptions(catalogue, undefined, null)).toEqual(catalogue);
    expect(sportOptions(catalogue, [], null)).toEqual([]);
  });
});

describe('ActivityDetailsRoute', () => {
  const fetchMock = mockFetch();
  afterEach(() => {
    cleanup();
    useAuthStore.setState({ profile: null });
  });

  it('shows a user without view-rates the activity’s own rate, read-only, asking no list it may not read', async () => {
    fetchMock.mockImplementation(serve());
    renderDetails(TRAINER);
    const rate = await screen.findByRole('combobox', { name: 'Rate' });
    expect(rate).toHaveValue('r1');
    expect(within(rate).getByRole('option', { selected: true })).toHaveTextContent('Volwassenen — €12.50');
    expect(screen.getByRole('combobox', { name: 'Cancellation term' })).toHaveValue('t1');
    expect(screen.getByRole('option', { name: 'Soepel' })).toBeInTheDocument();
    expect(rate).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeDisabled();
    expect(screen.getByTestId('read-only')).toHaveTextContent('You can view this activity but not change it.');
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    for (const refused of ['/rates', '/cancellation-terms', '/contacts', '/categories', '/tags']) {
      expect(asked.some((url) => url.includes(refused))).toBe(false);
    }
    expect(asked.some((url) => /\/v1\/admin\/organizations\/o1(\?|$)/.test(url))).toBe(false);
    expect(asked.some((url) => url.includes('/v1/admin/sports/all'))).toBe(true);
  });

  it('names the activity’s contacts, categories and tags to a user who may not read those lists (web-111)', async () => {
    fetchMock.mockImplementation(serve());
    activity.contacts = [{ contact_id: 'c1', roles: ['trainer'] }];
    activity.category_ids = ['cat1'];
    activity.tag_ids = ['tag1', 'gone'];
    activity.names = { c1: 'Ria', cat1: 'Zwemmen', tag1: 'Buiten' };
    try {
      renderDetails(TRAINER);
      const contact = await screen.findByRole('combobox', { name: /^Contact/ });
      expect(within(contact).getByRole('option', { selected: true })).toHaveTextContent('Ria');
      expect(screen.getByText('Zwemmen')).toBeInTheDocument();
      expect(screen.getByText('Buiten')).toBeInTheDocument();
      expect(screen.getByText('and 1 more that is no longer available')).toBeInTheDocument();
      expect(screen.queryByText(/you may not see the list/)).not.toBeInTheDocument();
    } finally {
      activity.contacts = [];
      activity.category_ids = [];
      activity.tag_ids = [];
      activity.names = {};
    }
  });

  it('shows the location tab read-only with the activity’s own location to a user without view-locations', async () => {
    fetchMock.mockImplementation(serve());
    renderDetails(TRAINER, <ActivityLocationRoute />);
    const location = await screen.findByRole('combobox', { name: 'Location' });
    expect(location).toHaveValue('l1');
    expect(within(location).getByRole('option', { selected: true })).toHaveTextContent('Sporthal (Utrecht)');
    expect(location).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/locations'))).toBe(false);
  });

  it('lets staff save and delete', async () => {
    fetchMock.mockImplementation(serve());
    renderDetails(STAFF);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete activity' })).toBeInTheDocument();
    expect(screen.queryByTestId('read-only')).not.toBeInTheDocument();
  });
});

describe('ActivityCreateRoute', () => {
  const fetchMock = mockFetch();
  afterEach(() => {
    cleanup();
    useAuthStore.setState({ profile: null });
  });

  it('names the missing name in the error summary and focuses it', async () => {
    fetchMock.mockImplementation(serve());
    useAuthStore.getState().setProfile({ roles: [], abilities: STAFF, organizations: [] });
    const router = createMemoryRouter([{ path: '/organizations/:organizationId/activities/create', element: <ActivityCreateRoute /> }], {
      initialEntries: ['/organizations/o1/activities/create'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
