import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ContactFormRoute } from '@/features/contacts/routes/ContactFormRoute';
import { useAuthStore } from '@/stores/auth';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const CONTACT = {
  id: 'c1',
  organization_id: 'o1',
  name: 'Ria',
  email: 'ria@example.org',
  phone: '',
  roles: ['contact_person'],
  trainer_user_id: null,
  version: 1,
  created_at: '',
  updated_at: '',
};

function open(path: string, abilities: string[]) {
  useAuthStore.getState().setProfile({ roles: [], abilities, organizations: [] });
  const router = createMemoryRouter(
    [
      { path: '/organizations/:organization_id/contacts/create', element: <ContactFormRoute /> },
      { path: '/organizations/:organization_id/contacts/:contact_id', element: <ContactFormRoute /> },
      { path: '/organizations/:organization_id/contacts', element: <p>contacts</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('contact form', () => {
  const fetchMock = mockFetch(async (input) =>
    String(input).startsWith('/v1/admin/contacts/c1') ? new Response(JSON.stringify({ data: CONTACT })) : new Response('{}', { status: 404 }),
  );
  afterEach(() => useAuthStore.setState({ profile: null }));

  it('is read-only for a user who may see contacts but not manage them', async () => {
    open('/organizations/o1/contacts/c1', ['view-contacts']);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Contact person' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Contact person' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete contact' })).not.toBeInTheDocument();
  });

  it('marks the name and the roles as required and names both in the summary', async () => {
    open('/organizations/o1/contacts/create', ['view-contacts', 'manage-contacts']);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toBeRequired();
    expect(screen.getByRole('group', { name: 'Roles' })).toHaveTextContent('Roles*');
    expect(screen.getByRole('region', { name: 'Contact' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Name' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Roles' })).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    // The summary's link takes the user to the roles.
    await userEvent.click(within(summary).getByRole('link', { name: 'Roles' }));
    expect(screen.getByRole('group', { name: 'Roles' })).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
