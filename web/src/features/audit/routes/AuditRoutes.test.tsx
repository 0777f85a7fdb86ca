import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuditEvent, AuditHistory } from '@/features/audit/api/audit';
import { AuditEntityRoute } from '@/features/audit/routes/AuditEntityRoute';
import { AuditLogRoute } from '@/features/audit/routes/AuditLogRoute';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const change: AuditEvent = {
  id: 'e-2',
  position: '812.3',
  type: 'organization.finance_changed.v2',
  sentence: 'Anna Admin changed the finance details of organisation Sportclub',
  recorded_at: '2026-11-26T10:00:00Z',
  entity_type: 'organization',
  entity_id: 'org-1',
  version: 2,
  actor: { id: 'user-1', name: 'Anna Admin' },
  organization_id: 'org-1',
  correlation_id: 'request-9',
  causation_id: '',
  command_id: 'c-1',
  data: { iban: 'NL91ABNA0417164300' },
};

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const seal = { block: 3, block_hash: 'ab'.repeat(32), sealed_events: 4000, sealed_at: '2026-11-26T10:00:01Z', verification: null };

function render(element: ReactElement, path: string, at: string) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [at] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('AuditLogRoute', () => {
  const fetchMock = mockFetch();

  it('shows each event in words with who did it, and filters by what the URL names', async () => {
    fetchMock.mockImplementation(async (url: RequestInfo | URL) =>
      String(url).includes('/seal') ? ok({ data: seal }) : ok({ data: [change], meta: {} }),
    );
    render(<AuditLogRoute />, '/application/audit', '/application/audit?actor_id=user-1');
    const events = await screen.findByTestId('audit-events');
    expect(events).toHaveTextContent('Anna Admin changed the finance details of organisation Sportclub');
    expect(within(events).getByRole('link', { name: 'by Anna Admin' })).toHaveAttribute('href', '/application/audit?actor_id=user-1');
    expect(within(events).getByRole('link', { name: 'history' })).toHaveAttribute('href', '/application/audit/entities/organization/org-1');
    expect(within(events).getByRole('link', { name: 'whole request' })).toHaveAttribute('href', '/application/audit/footprints/request-9');
    expect(screen.getByTestId('audit-seal')).toHaveTextContent('sealed up to 4,000 events (block 3');
    const logCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/v1/admin/audit/events'));
    expect(String(logCall?.[0])).toContain('actor_id=user-1');

    await userEvent.type(screen.getByLabelText('Event type'), 'organization.finance_changed');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('type=organization.finance_changed'))).toBe(true),
    );
  });

  it('pages to older events by the cursor', async () => {
    fetchMock.mockImplementation(async (url: RequestInfo | URL) => {
      if (String(url).includes('/seal')) return ok({ data: seal });
      return String(url).includes('before=812.3') ? ok({ data: [], meta: {} }) : ok({ data: [change], meta: { before: '812.3' } });
    });
    render(<AuditLogRoute />, '/application/audit', '/application/audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Older events' }));
    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newest' })).toBeInTheDocument();
  });
});

describe('AuditEntityRoute', () => {
  const fetchMock = mockFetch();
  const history: AuditHistory = {
    entity_type: 'organization',
    entity_id: 'org-1',
    events: [change],
    erasure: { at: '2026-11-26T11:00:00Z', actor: { id: 'user-1', name: 'Anna Admin' } },
  };

  it('shows the history, the erasure, the state as of a moment and what changed since another', async () => {
    fetchMock.mockImplementation(async (url: RequestInfo | URL) => {
      const u = String(url);
      if (u.includes('/state'))
        return ok({
          data: { entity_type: 'organization', entity_id: 'org-1', position: '812.3', recorded_at: '2026-11-26T10:00:00Z', version: 2,
            fields: [{ path: 'Finance.IBAN', value: 'NL91ABNA0417164300' }] },
        });
      if (u.includes('/diff'))
        return ok({ data: { from: {}, to: {}, changes: [{ path: 'Finance.IBAN', before: '', after: 'NL91ABNA0417164300' }] } });
      return ok({ data: history });
    });
    render(<AuditEntityRoute />, '/application/audit/entities/:entityType/:entityId', '/application/audit/entities/organization/org-1');
    expect(await screen.findByTestId('audit-erasure')).toHaveTextContent('erased on');
    expect(screen.getByTestId('audit-events')).toHaveTextContent('changed the finance details');
    expect(await screen.findByTestId('audit-fields')).toHaveTextContent('NL91ABNA0417164300');

    // A moment is a date and our 24-hour time field (no datetime-local).
    expect(screen.getByLabelText('Compare with')).toHaveAttribute('type', 'date');
    await userEvent.type(screen.getByLabelText('Compare with'), '2026-11-25');
    await userEvent.type(screen.getByRole('textbox', { name: 'Compare with: time' }), '12:00');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const diff = await screen.findByTestId('audit-diff');
    expect(diff).toHaveTextContent('1 field changed');
    expect(within(diff).getByText('Finance.IBAN')).toBeInTheDocument();
    const diffCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/diff'));
    expect(String(diffCall?.[0])).toContain('from=2026-11-25T');
  });
});
