import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/lib/api/types';
import { listSource, type ListSource } from '@/lib/list';

/** Shapes from the generated schema (web-011). */
export type SepaBatch = Answer<'/v1/admin/sepas', 'get'>['data'][number];
export type Invoice = Answer<'/v1/admin/invoices', 'get'>['data'][number];
export type OrganizationFinances = Answer<'/v1/admin/organizations/{id}/finances', 'get'>['data'];
export type MonthInput = RequestBody<'/v1/admin/sepas', 'post'>;

const SEPAS = '/v1/admin/sepas';
const INVOICES = '/v1/admin/invoices';
const organizationPath = (organizationId: string) => `/v1/admin/organizations/${encodeURIComponent(organizationId)}`;

/** The batches of the application: a short list (one a month), given to the grid whole. */
export const sepaSource: ListSource<SepaBatch> = async (_query, signal) => {
  const rows = (await api<{ data: SepaBatch[] }>(SEPAS, { signal })).data;
  return { rows, total: rows.length };
};

export const invoiceSource: ListSource<Invoice> = listSource<Invoice>(INVOICES);

export function organizationInvoiceSource(organizationId: string): ListSource<Invoice> {
  return listSource<Invoice>(`${organizationPath(organizationId)}/invoices`);
}

export function useOrganizationFinances(organizationId: string) {
  return useQuery({
    queryKey: ['finances', organizationId],
    queryFn: async ({ signal }) =>
      (await api<{ data: OrganizationFinances }>(`${organizationPath(organizationId)}/finances`, { signal })).data,
  });
}

/** Generates the SEPA batch (or closes the invoices) of a month. */
export function useGenerateMonth(kind: 'sepas' | 'invoices') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MonthInput) => api(kind === 'sepas' ? SEPAS : INVOICES, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['finances'] }),
  });
}

export function useCreditInvoice() {
  return useMutation({
    mutationFn: async ({ invoiceId, reason }: { invoiceId: string; reason: string }) =>
      api(`${INVOICES}/${encodeURIComponent(invoiceId)}/credit-note`, { method: 'POST', body: { reason } }),
  });
}

async function save(path: string, fileName: string): Promise<void> {
  const blob = await apiBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Downloads a batch's pain.001 file. */
export function downloadSepa(batch: SepaBatch): Promise<void> {
  return save(`${SEPAS}/${encodeURIComponent(batch.id)}/xml`, `sepa-${batch.month}.xml`);
}

/** Downloads an invoice's PDF, through the organisation's route when given. */
export function downloadInvoice(invoice: Invoice, organizationId?: string): Promise<void> {
  const base = organizationId ? `${organizationPath(organizationId)}/invoices` : INVOICES;
  return save(`${base}/${encodeURIComponent(invoice.id)}/pdf`, `${invoice.kind}-${invoice.number}.pdf`);
}

/** The month before the one date falls in, "YYYY-MM": the usual month to settle. */
export function previousMonth(date: Date): string {
  const d = new Date(date.getFullYear(), date.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}
