import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { HistoryLink, historyPath } from '@/components/audit/HistoryLink';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const fetchMock = mockFetch();

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderWith(abilities: string[], link: React.ReactElement) {
  useAuthStore.getState().setProfile({ roles: [], abilities, organizations: [] });
  const router = createMemoryRouter(
    [
      { path: '/detail', element: link },
      { path: '/application/audit/entities/:type/:id', element: <Where /> },
    ],
    { initialEntries: ['/detail'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('HistoryLink', () => {
  afterEach(() => {
    cleanup();
    useAuthStore.setState({ profile: null });
    useContextStore.getState().clear();
  });

  it('is not shown without view-audit', () => {
    renderWith(['edit-organization'], <HistoryLink entityType="organization" entityId="o1" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('is not shown without an entity (a create screen)', () => {
    renderWith(['view-audit'], <HistoryLink entityType="organization" entityId={undefined} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("opens the entity's history in the audit area", async () => {
    renderWith(['view-audit'], <HistoryLink entityType="cancellation_term" entityId="t 1" />);
    const link = screen.getByRole('link', { name: 'History' });
    expect(link).toHaveAttribute('href', '/application/audit/entities/cancellation_term/t%201');
    await userEvent.click(link);
    expect(await screen.findByTestId('where')).toHaveTextContent('/application/audit/entities/cancellation_term/t%201');
  });

  it('switches to the entity’s application first when it is another one', async () => {
    useContextStore.getState().setApplicationId('app-a');
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ data: { roles: ['superadmin'], abilities: [], organizations: [] } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderWith(['view-audit'], <HistoryLink entityType="application" entityId="app-b" applicationId="app-b" label="Its history" />);
    await userEvent.click(screen.getByRole('link', { name: 'Its history' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(historyPath('application', 'app-b'));
    expect(useContextStore.getState().applicationId).toBe('app-b');
  });
});
