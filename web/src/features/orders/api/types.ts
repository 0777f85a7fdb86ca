import type { Answer, RequestBody } from '@/lib/api/types';

/** Shapes from the generated schema (web-011); the document's plain strings are narrowed here. */
type List = '/v1/admin/application/orders';
type Item = '/v1/admin/application/orders/{order_id}';

/** The transaction statuses of spec §4 (decision 0900). */
export const ORDER_STATUSES = [
  'free',
  'open',
  'complete',
  'paid',
  'failed',
  'canceled',
  'expired',
  'external',
  'refunded',
  'partly_refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_TYPES = ['free', 'moves', 'euros', 'external'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

type OrderRow = Answer<List, 'get'>['data'][number];
export type Order = Omit<OrderRow, 'status' | 'payment_type'> & { status: OrderStatus; payment_type: PaymentType };

type DetailRow = Answer<Item, 'get'>['data'];
export type OrderDetail = Omit<DetailRow, 'status' | 'payment_type'> & { status: OrderStatus; payment_type: PaymentType };

export type RefundInput = RequestBody<`${Item}/refunds`, 'post'>;
export type RefundAnswer = Answer<`${Item}/refunds`, 'post'>['data'];

export type ExportFormat = 'xlsx' | 'csv';

/** A customer's page (decision 1710): who, bookings, purchases, orders with refunds, wallets (null: not the user's to see). */
type CustomerAnswer = Answer<'/v1/admin/customers/{customer_id}', 'get'>['data'];
export type CustomerOrder = Omit<CustomerAnswer['orders'][number], 'status'> & { status: OrderStatus };
export type CustomerPage = Omit<CustomerAnswer, 'wallets' | 'orders'> & { wallets: CustomerAnswer['wallets'] | null; orders: CustomerOrder[] };
export type CustomerBooking = CustomerPage['bookings'][number];
export type CustomerPurchase = CustomerPage['purchases'][number];
export type CustomerWallet = NonNullable<CustomerPage['wallets']>[number];
