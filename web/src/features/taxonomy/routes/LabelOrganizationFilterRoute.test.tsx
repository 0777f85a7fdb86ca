import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LabelOrganizationFilterRoute } from '@/features/taxonomy/routes/LabelOrganizationFilterRoute';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const LABEL = {
  id: 'l1',
  name: 'Clubpas',
  activity_filter: { sport_ids: [], category_ids: [], tag_ids: [], organization_ids: [], types: [], levels: [] },
  organization_filter: { organization_ids: ['o1'] },
  offers_count: 2,
  version: 5,
  created_at: '',
  updated_at: '',
};

/** Every GET the screen makes, by path; the PUT answers a command result. */
function answer(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = String(input);
  if (init?.method === 'PUT') return new Response(JSON.stringify({ data: { id: 'l1', version: 6 }, meta: { position: '9.0' } }));
  if (url.startsWith('/v1/admin/labels/l1/organization-filter'))
    return new Response(JSON.stringify({ data: { organization_ids: ['o1'], organizations: [{ id: 'o1', name: 'Zwembad' }], version: 5 } }));
  if (url.startsWith('/v1/admin/labels/l1')) return new Response(JSON.stringify({ data: LABEL }));
  if (url.startsWith('/v1/admin/organizations/simple'))
    return new Response(JSON.stringify({ data: [{ id: 'o1', name: 'Zwembad' }, { id: 'o2', name: 'Sportschool' }] }));
  return new Response('{}', { status: 404 });
}

describe('label organisation filter', () => {
  const fetchMock = mockFetch(async (input, init) => answer(input, init));

  it('shows the chosen organisations, sends the whole list with the version edited, and goes back to the label', async () => {
    const router = createMemoryRouter(
      [
        { path: '/admin/labels/:label_id/organization-filters', element: <LabelOrganizationFilterRoute /> },
        { path: '/admin/labels/:label_id', element: <p>label screen</p> },
      ],
      { initialEntries: ['/admin/labels/l1/organization-filters'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Organisation filter of Clubpas' })).toBeInTheDocument();
    const group = await screen.findByRole('group', { name: 'Organisations' });
    expect(await within(group).findByLabelText('Zwembad')).toBeChecked();
    await userEvent.click(within(group).getByLabelText('Sportschool'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/labels/l1'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toBe('/v1/admin/labels/l1/organization-filter');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ organization_ids: ['o1', 'o2'], version: 5 });
  }, 20_000);
});
