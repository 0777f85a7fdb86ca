import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '@/lib/api-client';
import { listSource, type ListSource } from '@/lib/list';
import type { CommandResult } from '@/lib/resource';
import type { PeriodQuery } from '@/lib/period';
import type {
  BatchGenerated,
  Coupon,
  CouponBatch,
  CouponEvent,
  CustomerWallets,
  ExportFormat,
  GenerateCouponsInput,
  RedeemAnswer,
  Wallet,
  WalletCustomer,
  WalletInput,
  WalletStatistics,
} from '@/features/wallets/api/types';

const LIST = '/v1/admin/wallets';
const item = (id: string) => `${LIST}/${encodeURIComponent(id)}`;

/** The list contract over the application's wallets. */
export const walletsList: ListSource<Wallet> = listSource<Wallet>(LIST);

/** A wallet's coupons; filter `{batch_id, status}` narrows them, search matches the code. */
export function couponsList(walletId: string): ListSource<Coupon> {
  return listSource<Coupon>(`${item(walletId)}/coupons`);
}

/** A wallet's redeemed coupons, newest first. */
export function redeemedList(walletId: string): ListSource<Coupon> {
  return listSource<Coupon>(`${item(walletId)}/coupons/redeemed`);
}

/** The application's customers with their balance in this wallet. */
export function customersList(walletId: string): ListSource<WalletCustomer> {
  return listSource<WalletCustomer>(`${item(walletId)}/customers`);
}

export const walletKeys = {
  all: ['wallets'] as const,
  detail: (id: string) => ['wallets', 'detail', id] as const,
  batches: (id: string) => ['wallets', 'batches', id] as const,
  statistics: (id: string, period: PeriodQuery | null) => ['wallets', 'statistics', id, period] as const,
  history: (couponId: string) => ['wallets', 'coupon-history', couponId] as const,
  customer: (customerId: string) => ['wallets', 'customer', customerId] as const,
  customerSearch: (id: string, search: string) => ['wallets', 'customer-search', id, search] as const,
};

function useInvalidateWallets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

export function useWallet(id: string) {
  return useQuery({
    queryKey: walletKeys.detail(id),
    queryFn: async ({ signal }) => (await api<{ data: Wallet }>(item(id), { signal })).data,
  });
}

export function useCreateWallet() {
  const invalidate = useInvalidateWallets();
  return useMutation({
    mutationFn: (input: WalletInput) => api<CommandResult>(LIST, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateWallet() {
  const invalidate = useInvalidateWallets();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: WalletInput & { version: number } }) =>
      api<CommandResult>(item(id), { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useBatches(walletId: string) {
  return useQuery({
    queryKey: walletKeys.batches(walletId),
    // A list answer; a wallet has few batches (each up to 100,000 coupons): the first 1,000, newest first.
    queryFn: async ({ signal }) =>
      (await api<{ data: CouponBatch[] }>(`${item(walletId)}/batches`, { signal, query: { itemsPerPage: 1000 } })).data,
  });
}

export function useGenerateCoupons(walletId: string) {
  const invalidate = useInvalidateWallets();
  return useMutation({
    mutationFn: async (input: GenerateCouponsInput) =>
      (await api<{ data: BatchGenerated }>(`${item(walletId)}/coupons`, { method: 'POST', body: input })).data,
    onSuccess: invalidate,
  });
}

export function useSetBatchEnabled(walletId: string) {
  const invalidate = useInvalidateWallets();
  return useMutation({
    mutationFn: ({ batchId, enabled }: { batchId: string; enabled: boolean }) =>
      api<CommandResult>(`${item(walletId)}/batches/${encodeURIComponent(batchId)}`, {
        method: 'PATCH',
        body: { is_enabled: enabled },
      }),
    onSuccess: invalidate,
  });
}

/** Switches a coupon on or off; silent for a bulk action, whose summary names the refusals. */
export function setCouponEnabled(couponId: string, enabled: boolean, silent = false): Promise<CommandResult> {
  return api<CommandResult>(`/v1/admin/coupons/${encodeURIComponent(couponId)}`, {
    method: 'PATCH',
    body: { is_enabled: enabled },
    silent,
  });
}

export function useCouponHistory(couponId: string | null) {
  return useQuery({
    queryKey: walletKeys.history(couponId ?? ''),
    queryFn: async ({ signal }) =>
      (await api<{ data: CouponEvent[] }>(`/v1/admin/coupons/${encodeURIComponent(couponId ?? '')}/history`, { signal }))
        .data,
    enabled: Boolean(couponId),
  });
}

/** Moves issued, redeemed, outstanding and expired, in total and per day over from–to (both included). */
export function useWalletStatistics(walletId: string, period: PeriodQuery | null) {
  return useQuery({
    queryKey: walletKeys.statistics(walletId, period),
    queryFn: async ({ signal }) =>
      (await api<{ data: WalletStatistics }>(`${item(walletId)}/statistics`, { signal, query: { ...period } })).data,
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}

/** The first customers matching a search, for the redeem dialog's picker. */
export function useCustomerSearch(walletId: string, search: string) {
  return useQuery({
    queryKey: walletKeys.customerSearch(walletId, search),
    queryFn: ({ signal }) => customersList(walletId)({ search, page: 1, itemsPerPage: 8 }, signal),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Redeems a code for a customer. Silent: the dialog shows the server's reason (already
 * redeemed, expired, disabled, another wallet…) next to the fields, not in the bar.
 */
export function useRedeemCode(walletId: string) {
  const invalidate = useInvalidateWallets();
  return useMutation({
    mutationFn: async (input: { customer_id: string; code: string }) =>
      (
        await api<{ data: RedeemAnswer }>(`${item(walletId)}/coupons/redeem`, {
          method: 'POST',
          body: input,
          silent: true,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useCustomerWallets(customerId: string | null) {
  return useQuery({
    queryKey: walletKeys.customer(customerId ?? ''),
    queryFn: async ({ signal }) =>
      (await api<{ data: CustomerWallets }>(`/v1/admin/customers/${encodeURIComponent(customerId ?? '')}/wallets`, { signal }))
        .data,
    enabled: Boolean(customerId),
  });
}

/** Downloads a batch's codes as csv or xlsx, saved by the browser. */
export async function exportBatch(walletId: string, batchId: string, format: ExportFormat, fileName: string): Promise<void> {
  const blob = await apiBlob(`${item(walletId)}/batches/${encodeURIComponent(batchId)}/export`, { query: { format } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
