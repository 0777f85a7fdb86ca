import { screen, within } from '@testing-library/react';
import { Formik } from 'formik';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ActivityInputs, emptyActivity } from '@/features/activities/components/ActivityInputs';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const page = (rows: { id: string; name: string }[]) => ({ data: rows, meta: { pagination: { total: rows.length } } });

describe('ActivityInputs', () => {
  const fetchMock = mockFetch();

  it('picks the rate and the cancellation term from the organisation’s own, by name', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/v1/admin/organizations/o1/rates')) return new Response(JSON.stringify(page([{ id: 'r1', name: 'Dagtarief' }])));
      if (url.includes('/v1/admin/organizations/o1/cancellation-terms'))
        return new Response(JSON.stringify(page([{ id: 't1', name: 'Soepel' }])));
      return new Response(JSON.stringify(page([])));
    });
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
      ],
      { initialEntries: ['/organizations/o1/activities/create'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const rate = await screen.findByRole('combobox', { name: 'Rate' });
    expect(await within(rate).findByRole('option', { name: 'Dagtarief' })).toHaveValue('r1');
    expect(within(rate).getByRole('option', { name: 'No rate (free)' })).toBeInTheDocument();
    const term = screen.getByRole('combobox', { name: 'Cancellation term' });
    expect(await within(term).findByRole('option', { name: 'Soepel' })).toHaveValue('t1');
    expect(within(term).getByRole('option', { name: "The rate's term" })).toBeInTheDocument();
  });
});
