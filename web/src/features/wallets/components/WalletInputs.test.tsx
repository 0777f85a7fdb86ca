import { screen, waitFor } from '@testing-library/react';
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

describe('wallet form', () => {
  const fetchMock = mockFetch();

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

  it('keeps labels out of sight and sends every field; the server’s field errors land on the fields', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ errors: { message: 'The given data was invalid.', fields: { slug: 'This slug is taken' } } }),
        { status: 422 },
      ),
    );
    renderCreate();
    expect(screen.getByTestId('labels-note')).toHaveTextContent('Included labels: 0, excluded labels: 0');
    await userEvent.type(screen.getByLabelText('Name'), 'Moves');
    await userEvent.selectOptions(screen.getByLabelText('Show prices in'), 'moves');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This slug is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/v1/admin/wallets');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Moves',
      slug: 'moves',
      icon_id: null,
      included_labels: [],
      excluded_labels: [],
      price_display_mode: 'moves',
      can_top_up: true,
      can_top_up_once: false,
    });
  });

  it('saves, says so and opens the new wallet on its coupons', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ data: { id: 'w1', version: 1 }, meta: { position: '5.0' } }), { status: 201 }),
    );
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
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
