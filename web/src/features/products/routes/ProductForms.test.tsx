import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { Product } from '@/features/products/api/types';
import { ProductCreateRoute } from '@/features/products/routes/ProductCreateRoute';
import { ProductDetailsRoute } from '@/features/products/routes/ProductDetailsRoute';
import type { ProductContext } from '@/features/products/routes/ProductLayoutRoute';
import { ProductLabelsRoute, ProductLocationRoute, ProductQuestionsRoute } from '@/features/products/routes/ProductSubPages';
import { useAuthStore } from '@/stores/auth';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const PRODUCT = {
  id: 'p1',
  organization_id: 'o1',
  organization_name: 'Sportclub',
  name: 'Clubshirt',
  product_type_id: 'pt1',
  sport_id: null,
  description: '',
  rate_id: 'r1',
  price_display_mode: 'eur',
  gender: '',
  level: '',
  category_ids: ['cat1'],
  tag_ids: [],
  payment_url: '',
  spots: 12,
  image_id: null,
  image_url: null,
  contacts: [{ contact_id: 'c1', roles: ['mail'] }],
  age_min: null,
  age_max: null,
  should_validate_age: false,
  draft: true,
  location_id: 'l1',
  label_ids: ['lab1'],
  // The answer names its rate with its price, and its other choices (web-100, web-111).
  rate_name: 'Volwassenen',
  rate_price_cents: 1250,
  names: { pt1: 'T-shirt', cat1: 'Zwemmen', c1: 'Ria', l1: 'Zwembad De Ring (Utrecht)', lab1: 'Sportpas' },
  version: 4,
  created_at: '',
  updated_at: '',
} as unknown as Product;

const QUESTION = { id: 'q1', title: 'Maat?', type: 'single_select', required: true, options: ['S', 'M'], has_url: false };

function Layout() {
  return <Outlet context={{ product: PRODUCT, base: '/organizations/o1/products/p1' } satisfies ProductContext} />;
}

function open(path: string, abilities: string[]) {
  useAuthStore.getState().setProfile({ roles: [], abilities, organizations: [] });
  const router = createMemoryRouter(
    [
      { path: '/organizations/:organizationId/products/create', element: <ProductCreateRoute /> },
      {
        path: '/organizations/:organizationId/products/:productId',
        element: <Layout />,
        children: [
          { index: true, element: <ProductDetailsRoute /> },
          { path: 'location', element: <ProductLocationRoute /> },
          { path: 'questions', element: <ProductQuestionsRoute /> },
          { path: 'labels', element: <ProductLabelsRoute /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const list = (rows: { id: string; name: string }[]) => new Response(JSON.stringify({ data: rows, meta: { pagination: { total: rows.length } } }));

describe('product forms', () => {
  const fetchMock = mockFetch(async (input) => {
    const url = String(input);
    if (url.startsWith('/v1/admin/products/p1/questions')) return new Response(JSON.stringify({ data: { questions: [QUESTION] } }));
    if (url.startsWith('/v1/admin/product-types/all')) return new Response(JSON.stringify({ data: [{ id: 'pt1', name: 'Kleding' }] }));
    if (url.startsWith('/v1/admin/sports/all')) return new Response(JSON.stringify({ data: [] }));
    if (url.includes('/rates')) return list([{ id: 'r1', name: 'Volwassen' }]);
    if (url.includes('/contacts')) return list([{ id: 'c1', name: 'Ria' }]);
    if (url.startsWith('/v1/admin/categories')) return list([]);
    if (url.startsWith('/v1/admin/tags/all')) return new Response(JSON.stringify({ data: [] }));
    return new Response('{}', { status: 404 });
  });
  afterEach(() => useAuthStore.setState({ profile: null }));

  const requested = (part: string) => fetchMock.mock.calls.some(([url]) => String(url).includes(part));

  it('shows a product read-only to a user who may see it but not edit it, without the lists they may not read', async () => {
    open('/organizations/o1/products/p1', ['view-products', 'view-product']);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toBeDisabled();
    // The rate is named with its price, never shown as "No rate" or "Chosen".
    const rate = screen.getByRole('combobox', { name: 'Rate' });
    expect(rate).toBeDisabled();
    expect(within(rate).getByRole('option', { selected: true })).toHaveTextContent('Volwassenen — €12.50');
    expect(within(screen.getByRole('combobox', { name: 'Contact' })).getByRole('option', { selected: true })).toHaveTextContent('Ria');
    expect(within(screen.getByRole('combobox', { name: /^Product type/ })).getByRole('option', { selected: true })).toHaveTextContent('T-shirt');
    expect(screen.getByText('Zwemmen')).toBeInTheDocument();
    expect(screen.queryByText(/you may not see the list/)).not.toBeInTheDocument();
    for (const button of ['Save', 'Delete product', 'Add contact', 'Remove']) {
      expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
    }
    for (const part of ['/rates', '/contacts', '/categories', '/tags/all', '/sports/all', '/product-types/all']) {
      expect(requested(part)).toBe(false);
    }
  });

  it('shows the sub-pages read-only: no location list, no question rows added or removed, no labels saved', async () => {
    open('/organizations/o1/products/p1/location', ['view-product']);
    const location = await screen.findByRole('combobox', { name: 'Location' });
    expect(location).toBeDisabled();
    expect(within(location).getByRole('option', { selected: true })).toHaveTextContent('Zwembad De Ring (Utrecht)');
    expect(requested('/locations')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('shows the questions read-only', async () => {
    open('/organizations/o1/products/p1/questions', ['view-product']);
    expect(await screen.findByRole('textbox', { name: 'Question' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Options (one per line)' })).toHaveValue('S\nM');
    for (const button of ['Save', 'Add question', 'Remove']) {
      expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
    }
  });

  it('shows the labels read-only without assign-labels, named without view-labels', async () => {
    open('/organizations/o1/products/p1/labels', ['view-product']);
    expect(await screen.findByText('Sportpas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(requested('/labels')).toBe(false);
  });

  it('lets an editor change the product, with the image rule said up front', async () => {
    open('/organizations/o1/products/p1', ['view-product', 'edit-product', 'view-rates', 'view-contacts', 'view-catalog', 'view-categories', 'view-tags']);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeEnabled();
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Rate' })).getByRole('option', { selected: true })).toHaveTextContent('Volwassen'));
    expect(screen.getByRole('button', { name: 'Delete product' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Basics' })).getByText(/500 × 250/)).toBeInTheDocument();
  });

  it('marks what the server requires of a question: its title, and two options for a choice', async () => {
    open('/organizations/o1/products/p1/questions', ['view-product', 'edit-product']);
    expect(await screen.findByRole('textbox', { name: 'Question' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Options (one per line)' })).toBeRequired();
    expect(screen.getByRole('button', { name: 'Add question' })).toBeInTheDocument();
  });

  it('marks the name and the product type as required and names them in the summary', async () => {
    open('/organizations/o1/products/create', ['create-products', 'view-catalog']);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Product type' })).toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Name' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Product type' })).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
  });
});
