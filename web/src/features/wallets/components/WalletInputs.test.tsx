import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { WalletCreateRoute } from '@/features/wallets/routes/WalletCreateRoute';
import { useNotificationStore } from '@/stores/notification';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

function renderCreate() {
  const router = createMemoryRouter(
    [
      { path: '/admin/wallets/create', element: <WalletCreateRoute /> },
      { path: '/admin/wallets/:id/coupons', element: <p>coupons screen</p> },
    ],
    { initialEntries: ['/admin/wallets/create'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** The application's labels, as the pickers load them. */
const LABELS = {
  data: [
    { id: 'l1', name: 'Sportpas', activity_filter: {}, offers_count: 3, version: 1, created_at: '', updated_at: '' },
    { id: 'l2', name: 'Geen yoga', activity_filter: {}, offers_count: 1, version: 1, created_at: '', updated_at: '' },
  ],
  meta: { pagination: { total: 2, page: 1, itemsPerPage: 1000 } },
};

describe('wallet form', () => {
  const fetchMock = mockFetch();
  let answers: Response[] = [];
  beforeEach(() => {
    answers = [];
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/v1/admin/labels') ? new Response(JSON.stringify(LABELS)) : (answers.shift() ?? new Response('{}', { status: 500 })),
    );
  });

  it('suggests the slug from the name until the slug is edited', async () => {
    renderCreate();
    const name = screen.getByLabelText('Name');
    const slug = screen.getByLabelText('Slug');
    await userEvent.type(name, 'Zomer Tegoed');
    expect(slug).toHaveValue('zomer-tegoed');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'summer');
    await userEvent.type(name, ' 2026');
    expect(slug).toHaveValue('summer');
  });

  it('allows top up once only for a wallet that can be topped up', async () => {
    renderCreate();
    const topUp = screen.getByRole('switch', { name: 'Can be topped up' });
    const once = screen.getByRole('switch', { name: 'Can be topped up only once' });
    await userEvent.click(once);
    expect(once).toBeChecked();
    await userEvent.click(topUp);
    expect(topUp).not.toBeChecked();
    expect(once).not.toBeChecked();
    expect(once).toBeDisabled();
  });

  it('picks labels by name and sends every field; the server’s field errors land on the fields', async () => {
    answers.push(
      new Response(
        JSON.stringify({ errors: { message: 'The given data was invalid.', fields: { slug: 'This slug is taken' } } }),
        { status: 422 },
      ),
    );
    renderCreate();
    const included = await screen.findByRole('group', { name: 'Pays for offers with the labels' });
    const excluded = screen.getByRole('group', { name: 'Except offers with the labels' });
    await userEvent.click(within(included).getByLabelText('Sportpas'));
    await userEvent.click(within(excluded).getByLabelText('Geen yoga'));
    await userEvent.type(screen.getByLabelText('Name'), 'Moves');
    await userEvent.selectOptions(screen.getByLabelText('Show prices in'), 'moves');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This slug is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/v1/admin/wallets') ?? [];
    expect(url).toBe('/v1/admin/wallets');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Moves',
      slug: 'moves',
      icon_id: null,
      included_labels: ['l1'],
      excluded_labels: ['l2'],
      price_display_mode: 'moves',
      can_top_up: true,
      can_top_up_once: false,
    });
  });

  it('saves, says so and opens the new wallet on its coupons', async () => {
    answers.push(new Response(JSON.stringify({ data: { id: 'w1', version: 1 }, meta: { position: '5.0' } }), { status: 201 }));
    const router = renderCreate();
    await userEvent.type(screen.getByLabelText('Name'), 'Moves');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/wallets/w1/coupons'));
    expect(useNotificationStore.getState().current).toMatchObject({ message: 'Saved', icon: 'save-check' });
  });

  it('checks the slug before sending', async () => {
    renderCreate();
    await userEvent.type(screen.getByLabelText('Slug'), 'Not A Slug');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use lower-case letters, digits and single dashes')).toBeInTheDocument();
    expect(screen.getByText('The name field is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => !String(input).startsWith('/v1/admin/labels'))).toEqual([]);
  });
});
