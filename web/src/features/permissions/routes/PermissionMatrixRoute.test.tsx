import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { PermissionMatrix } from '@/features/permissions/api/permissions';
import { PermissionMatrixRoute } from '@/features/permissions/routes/PermissionMatrixRoute';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const matrix: PermissionMatrix = {
  roles: ['superadmin', 'admin', 'trainer'],
  permissions: ['view-rates', 'manage-rates', 'view-bundle'],
  matrix: { superadmin: ['*'], admin: ['view-*', 'view-rates'], trainer: ['view-bundle'] },
};

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('PermissionMatrixRoute', () => {
  const fetchMock = mockFetch();
  beforeEach(() => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? ok({ data: { id: 'x', version: 1 }, meta: { position: '1.0' } }) : ok({ data: matrix }),
    );
  });

  it('shows each role’s rules, and the wildcard rules that cover a cell', async () => {
    renderWithProviders(
      <MemoryRouter>
        <PermissionMatrixRoute />
      </MemoryRouter>,
    );
    const table = await screen.findByTestId('permission-matrix');
    expect(within(table).getByRole('checkbox', { name: 'View rates Admin' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'View rates Trainer' })).not.toBeChecked();
    const viewBundle = within(table).getByText('View a bundle').closest('tr') as HTMLElement;
    expect(viewBundle).toHaveTextContent('view-bundle');
    // The row names the permission in words, its id beside it for whoever types a rule.
    expect(viewBundle).toHaveTextContent('through view everything');
    const wildcards = screen.getByRole('region', { name: 'Wildcard rules' });
    expect(wildcards).toHaveTextContent('Admin view everything view-* covers 2 permissions');
    expect(wildcards).toHaveTextContent('Superadmin every permission * covers 3 permissions');
    expect(within(wildcards).queryByRole('button', { name: 'Revoke * from Superadmin' })).toBeNull();
    expect(within(wildcards).getByRole('button', { name: 'Revoke view everything from Admin' })).toBeEnabled();
  });

  it('names who gains what before granting, and grants only after yes', async () => {
    renderWithProviders(
      <MemoryRouter>
        <PermissionMatrixRoute />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Manage rates and cancellation terms Trainer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Give Trainer “Manage rates and cancellation terms”?' });
    expect(dialog).toHaveTextContent('Every user with the role Trainer gains “Manage rates and cancellation terms”');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/v1/admin/permissions/grant');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ role: 'trainer', permission: 'manage-rates' });
  });

  it('says what a revoke leaves through a wildcard', async () => {
    renderWithProviders(
      <MemoryRouter>
        <PermissionMatrixRoute />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'View rates Admin' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Take “View rates” from Admin?' });
    expect(dialog).toHaveTextContent('loses “View rates”');
    expect(dialog).toHaveTextContent('They keep it through view everything.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/v1/admin/permissions/revoke');
  });
});
