import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { OrganizationSwitcher } from '@/app/shell/OrganizationSwitcher';
import { useContextStore } from '@/stores/context';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const five = Array.from({ length: 5 }, (_, i) => ({ id: `o${i}`, name: `Club ${i}`, state: 'approved' }));

function answer(total: number) {
  return async () =>
    new Response(JSON.stringify({ data: five, meta: { pagination: { total, page: 1, itemsPerPage: 5 } } }), { status: 200 });
}

const fetchMock = mockFetch();

describe('organisation switcher', () => {
  it('says how many of an exact total it shows', async () => {
    fetchMock.mockImplementation(answer(12));
    renderWithProviders(
      <MemoryRouter>
        <OrganizationSwitcher />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { expanded: false }));
    expect(await screen.findByText('5 of 12 shown, search to find the others')).toBeInTheDocument();
  });

  it('reads a capped total (1,001) as more than 1,000 (decision 0540)', async () => {
    fetchMock.mockImplementation(answer(1001));
    renderWithProviders(
      <MemoryRouter>
        <OrganizationSwitcher />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { expanded: false }));
    expect(await screen.findByText('5 of more than 1000 shown, type more to narrow the search')).toBeInTheDocument();
  });

  it('shows the organisation a deep link opens and makes it the current one', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/v1/admin/organizations/o7'
        ? new Response(JSON.stringify({ data: { id: 'o7', name: 'Zwemclub De Golf' } }), { status: 200 })
        : new Response(JSON.stringify({ errors: { message: 'Not found' } }), { status: 404 }),
    );
    useContextStore.getState().setOrganizationId('o1');
    renderWithProviders(
      <MemoryRouter initialEntries={['/organizations/o7/activities']}>
        <Routes>
          <Route path="*" element={<OrganizationSwitcher />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: /Zwemclub De Golf/ })).toBeInTheDocument();
    expect(useContextStore.getState().organizationId).toBe('o7');
    useContextStore.getState().clear();
  });
});
