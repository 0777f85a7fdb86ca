import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob, recordPosition, type QueryValue } from '@/lib/api-client';
import { listSource, type ListSource } from '@/lib/list';
import type { CustomerPage, ExportFormat, Order, OrderDetail, RefundAnswer, RefundInput } from '@/features/orders/api/types';

/**
 * The orders API of the area the screen is in: every application's (superadmin, `/admin`)
 * or the current application's (`/application`).
 */
export function ordersApi(pathname: string): string {
  return pathname.startsWith('/admin') ? '/v1/admin/orders' : '/v1/admin/application/orders';
}

const item = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** The list contract over the orders, newest first; filters: from, to, status, payment_type. */
export function ordersList(base: string): ListSource<Order> {
  return listSource<Order>(base);
}

export const orderKeys = {
  all: ['orders'] as const,
  detail: (base: string, id: string) => ['orders', base, id] as const,
};

export function useOrder(base: string, id: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(base, id ?? ''),
    queryFn: async ({ signal }) => (await api<{ data: OrderDetail }>(item(base, id ?? ''), { signal })).data,
    enabled: Boolean(id),
  });
}

export function useRefundOrder(base: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: RefundInput }) => {
      const answer = (await api<{ data: RefundAnswer }>(`${item(base, id)}/refunds`, { method: 'POST', body: input })).data;
      recordPosition(answer.position);
      return answer;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Downloads exactly the orders the filters show (with a total row), saved by the browser. */
export async function exportOrders(base: string, filter: Record<string, QueryValue>, format: ExportFormat): Promise<void> {
  const blob = await apiBlob(`${base}/export`, { query: { ...filter, format } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `orders.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export const customerKeys = {
  detail: (id: string) => ['orders', 'customer', id] as const,
};

/** A customer's page in one read (decision 1710); under `['orders']`, so a refund refreshes it. */
export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: async ({ signal }) => (await api<{ data: CustomerPage }>(`/v1/admin/customers/${encodeURIComponent(id)}`, { signal })).data,
    enabled: Boolean(id),
  });
}
