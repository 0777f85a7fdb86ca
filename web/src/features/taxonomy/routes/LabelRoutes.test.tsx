import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LabelFilterRoute } from '@/features/taxonomy/routes/LabelRoutes';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const list = (data: object[]) => ({ data, meta: { pagination: { total: data.length, page: 1, itemsPerPage: 1000 } } });

const LABEL = {
  id: 'l1',
  name: 'Sportpas',
  activity_filter: { sport_ids: [], category_ids: [], tag_ids: ['t1'], organization_ids: [], types: [], levels: [] },
  offers_count: 0,
  version: 3,
  created_at: '',
  updated_at: '',
};

/** Every GET the filter screen makes, by path; the PUT answers a command result. */
function answer(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = String(input);
  if (init?.method === 'PUT') return new Response(JSON.stringify({ data: { id: 'l1', version: 4 }, meta: { position: '9.0' } }));
  if (url.startsWith('/v1/admin/labels/l1')) return new Response(JSON.stringify({ data: LABEL }));
  if (url.startsWith('/v1/admin/categories')) return new Response(JSON.stringify(list([{ id: 'c1', title: 'Zwemmen' }])));
  if (url.startsWith('/v1/admin/tags/all')) return new Response(JSON.stringify({ data: [{ id: 't1', name: 'Outdoor' }] }));
  if (url.startsWith('/v1/admin/sports/all')) return new Response(JSON.stringify({ data: [{ id: 's1', name: 'Yoga' }] }));
  if (url.startsWith('/v1/admin/organizations/simple')) return new Response(JSON.stringify({ data: [{ id: 'o1', name: 'Club' }] }));
  return new Response('{}', { status: 404 });
}

describe('label activity filter', () => {
  const fetchMock = mockFetch(async (input, init) => answer(input, init));

  it('shows the filter, sends the whole filter with the version edited, and goes back to the label', async () => {
    const router = createMemoryRouter(
      [
        { path: '/admin/labels/:label_id/activity-filters', element: <LabelFilterRoute /> },
        { path: '/admin/labels/:label_id', element: <p>label screen</p> },
      ],
      { initialEntries: ['/admin/labels/l1/activity-filters'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Activity filter of Sportpas' })).toBeInTheDocument();
    expect(within(await screen.findByRole('group', { name: 'Tags' })).getByLabelText('Outdoor')).toBeChecked();
    await userEvent.click(within(await screen.findByRole('group', { name: 'Categories' })).getByLabelText('Zwemmen'));
    await userEvent.click(within(screen.getByRole('group', { name: 'Types' })).getByLabelText('Bundles'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/labels/l1'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toBe('/v1/admin/labels/l1/activity-filter');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ ...LABEL.activity_filter, category_ids: ['c1'], types: ['bundle'], version: 3 });
    // Six lists load and three clicks run: more than the default 5 s on a busy machine.
  }, 20_000);
});
