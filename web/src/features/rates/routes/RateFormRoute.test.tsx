import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import en from '@/features/rates/locales/en.json';
import nl from '@/features/rates/locales/nl.json';
import { RateFormRoute } from '@/features/rates/routes/RateFormRoute';
import { useAuthStore } from '@/stores/auth';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderCreate() {
  useAuthStore.getState().setProfile({ roles: [], abilities: ['view-rates', 'manage-rates'], organizations: [] });
  const router = createMemoryRouter(
    [
      { path: '/organizations/:organization_id/rates/create', element: <RateFormRoute /> },
      { path: '/organizations/:organization_id/rates', element: <p>rates list</p> },
    ],
    { initialEntries: ['/organizations/o1/rates/create'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('RateFormRoute', () => {
  const fetchMock = mockFetch();
  afterEach(() => {
    useAuthStore.setState({ profile: null });
  });

  it('has every text in Dutch and English', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
  });

  it('asks for the VAT tier instead of choosing one, and names what is missing', async () => {
    fetchMock.mockImplementation(async () => json({ data: [{ id: 't1', name: 'Soepel', periods: [] }], meta: { pagination: { total: 1 } } }));
    renderCreate();
    const vat = await screen.findByRole('combobox', { name: /VAT/ });
    expect(vat).toHaveValue('');
    expect(vat).toBeRequired();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /Price including VAT/ })).toBeRequired();
    expect(screen.getByRole('heading', { name: 'Rate' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cancelling' })).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Cancellation term' })).getByRole('option', { name: 'Soepel' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Volwassenen');
    await userEvent.type(screen.getByRole('textbox', { name: /Price including VAT/ }), '12,50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'VAT' })).toBeInTheDocument();
    expect(vat).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? json({ data: { id: 'r1', version: 1 } }, 201) : json({ data: [], meta: { pagination: { total: 0 } } }),
    );
    await userEvent.selectOptions(vat, 'low');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('rates list')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/v1/admin/organizations/o1/rates');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ name: 'Volwassenen', price_cents: 1250, vat_tier: 'low', cancellation_term_id: null });
  });

  it('links to a new cancellation term when the organisation has none', async () => {
    fetchMock.mockImplementation(async () => json({ data: [], meta: { pagination: { total: 0 } } }));
    renderCreate();
    expect(await screen.findByRole('link', { name: 'New cancellation term' })).toHaveAttribute(
      'href',
      '/organizations/o1/cancellation-terms/create',
    );
    expect(screen.getByRole('option', { name: 'No cancellation term (no refund on cancelling)' })).toBeInTheDocument();
  });

  it('shows a reader without manage-rates the rate read-only, with nothing to save or delete', async () => {
    useAuthStore.getState().setProfile({ roles: [], abilities: ['view-rates'], organizations: [] });
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/v1/admin/rates/r1')
        ? json({
            data: { id: 'r1', organization_id: 'o1', name: 'Volwassenen', price_cents: 1250, vat_tier: 'low', vat_percent: 9,
              cancellation_term_id: 't1', cancellation_term_name: 'Soepel', version: 2, created_at: null, updated_at: null },
          })
        : json({ data: [{ id: 't1', name: 'Soepel', periods: [] }], meta: { pagination: { total: 1 } } }),
    );
    const router = createMemoryRouter([{ path: '/organizations/:organization_id/rates/:rate_id', element: <RateFormRoute /> }], {
      initialEntries: ['/organizations/o1/rates/r1'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Volwassenen', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Price including VAT/ })).toHaveValue('12.50');
    expect(screen.getByRole('textbox', { name: /Price including VAT/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /VAT/ })).toHaveValue('low');
    expect(screen.getByRole('combobox', { name: 'Cancellation term' })).toHaveValue('t1');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete rate' })).not.toBeInTheDocument();
  });
});
