import '@/features/finances/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { previousMonth, type Invoice } from '@/features/finances/api/finances';
import { CreditInvoiceDialog } from '@/features/finances/components/CreditInvoiceDialog';
import { useNotificationStore } from '@/stores/notification';
import { mockFetch } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';

const invoice: Invoice = {
  id: 'i1',
  organization_id: 'o1',
  organization_name: 'Club A',
  number: '2026-000007',
  kind: 'invoice',
  month: '2026-10',
  issued_on: '2026-11-02',
  amount_cents: 1210,
  vat_cents: 210,
  vat_percent: 21,
  corrects: null,
  credited_by: null,
  reason: '',
};

describe('CreditInvoiceDialog', () => {
  const fetchMock = mockFetch();

  it('needs a reason, then issues the credit note', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: { id: 'app' }, meta: { position: '3.0' } }), { status: 201 }));
    const onClose = vi.fn();
    const onCredited = vi.fn();
    renderWithProviders(<CreditInvoiceDialog invoice={invoice} onClose={onClose} onCredited={onCredited} />);
    expect(screen.getByRole('dialog', { name: 'Credit invoice 2026-000007' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Credit' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Reason'), 'Wrong fee');
    await userEvent.click(screen.getByRole('button', { name: 'Credit' }));
    // A credit note is final: the question names the invoice, the organisation and the amount.
    const question = await screen.findByRole('alertdialog', { name: 'Credit invoice 2026-000007?' });
    expect(question).toHaveTextContent('Invoice 2026-000007 to Club A for 2026-10 (€12.10) is cancelled by a credit note of −€12.10');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(within(question).getByRole('button', { name: 'Credit €12.10' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCredited).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/v1/admin/invoices/i1/credit-note');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Wrong fee' });
    expect(useNotificationStore.getState().current?.message).toBe('Credit note for invoice 2026-000007 to Club A issued: −€12.10');
  });
});

describe('previousMonth', () => {
  it('is the month before, across a year', () => {
    expect(previousMonth(new Date(2026, 0, 15))).toBe('2025-12');
    expect(previousMonth(new Date(2026, 10, 30))).toBe('2026-10');
  });
});
