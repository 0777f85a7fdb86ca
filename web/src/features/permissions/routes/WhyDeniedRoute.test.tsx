import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AccessExplanation } from '@/features/permissions/api/permissions';
import { WhyDeniedRoute } from '@/features/permissions/routes/WhyDeniedRoute';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const denied: AccessExplanation = {
  user: { id: 'u1', name: 'Tim Trainer', email: 'tim@example.test' },
  application_id: 'a1',
  organization_id: 'o1',
  permission: 'edit-activity',
  allowed: false,
  grants: [{ role: 'trainer', organization_id: 'o1', organization_name: 'Club A' }],
  allowed_by: [],
  remedies: [
    {
      kind: 'grant_role',
      role: 'organization',
      rule: 'edit-activity',
      organization_id: 'o1',
      organization_name: 'Club A',
      through: 'manage-invites',
      grantors: [{ id: 'u2', name: 'Ada Admin', email: 'ada@example.test' }],
    },
    { kind: 'extend_role', role: 'trainer', rule: 'edit-activity', organization_id: '', organization_name: '', through: 'manage-permissions', grantors: [] },
  ],
};

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

function renderAt(path: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/why-denied" element={<WhyDeniedRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('WhyDeniedRoute', () => {
  const fetchMock = mockFetch();

  it('asks the question the address holds and says what is missing and who could give it', async () => {
    fetchMock.mockResolvedValue(ok({ data: denied }));
    renderAt('/why-denied?permission=edit-activity&organization_id=o1');
    const answer = await screen.findByTestId('why-denied-answer');
    // The permission in words, never its id (issue 23); the id only folded away for support.
    expect(within(answer).getByRole('heading', { level: 2 })).toHaveTextContent(/^Tim Trainer may not use “Edit activities” in Club A\.$/);
    expect(answer).toHaveTextContent('Trainer in Club A');
    expect(answer).toHaveTextContent('Invite them as organisation staff of Club A (that role holds “Edit activities”). Who can: Ada Admin (ada@example.test)');
    expect(answer).toHaveTextContent('Add “Edit activities” to the role Trainer they hold, in the permission matrix. Nobody in this application can');
    expect(answer).not.toHaveTextContent('edit-activity');
    expect(screen.getByTestId('why-denied-support')).toHaveTextContent('Technical names: edit-activity');
    expect(screen.getByLabelText('Permission')).toHaveDisplayValue('Edit activities');
    const url = String(fetchMock.mock.calls[0][0]);
    expect(url).toContain('/v1/admin/permissions/explain?');
    expect(url).toContain('permission=edit-activity');
    expect(url).toContain('organization_id=o1');
  });

  it('asks for a permission or a route before asking the server', async () => {
    renderAt('/why-denied');
    await userEvent.click(screen.getByRole('button', { name: 'Explain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give a permission or an API route.');
    expect(fetchMock).not.toHaveBeenCalled();
    // Chosen by its phrase: no one types an id.
    await userEvent.selectOptions(screen.getByLabelText('Permission'), 'View rates');
    fetchMock.mockResolvedValue(ok({ data: { ...denied, permission: 'view-rates', organization_id: '', allowed: true, remedies: [], allowed_by: [{ role: 'trainer', organization_id: 'o1', organization_name: 'Club A', rule: 'view-*' }] } }));
    await userEvent.click(screen.getByRole('button', { name: 'Explain' }));
    const answer = await screen.findByTestId('why-denied-answer');
    expect(answer).toHaveTextContent('Tim Trainer may use “View rates” in this application.');
    expect(answer).toHaveTextContent('the role Trainer in Club A, which holds “view everything”');
    expect(answer).not.toHaveTextContent(/view-/);
    expect(screen.getByTestId('why-denied-support')).toHaveTextContent('Technical names: view-rates, view-*');
    expect(String(fetchMock.mock.calls[0][0])).toContain('permission=view-rates');
  });
});
