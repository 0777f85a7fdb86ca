import type { Answer, RequestBody } from '@/lib/api/types';

/** Shapes from the generated schema (web-011); the document's plain strings are narrowed here. */
type List = '/v1/admin/wallets';
type Item = '/v1/admin/wallets/{wallet_id}';

export type PriceDisplayMode = 'eur' | 'moves' | 'both';
export const PRICE_DISPLAY_MODES: PriceDisplayMode[] = ['eur', 'moves', 'both'];

type WalletRow = Answer<Item, 'get'>['data'];
/** A wallet; `icon_url` is not answered yet, the form shows the icon from its token. */
export type Wallet = Omit<WalletRow, 'price_display_mode' | 'icon_id'> & {
  price_display_mode: PriceDisplayMode;
  icon_id: string | null;
  icon_url?: string | null;
};

/** The form's values: every field of the create/update body. */
export type WalletInput = Omit<Required<RequestBody<List, 'post'>>, 'version' | 'price_display_mode' | 'icon_id'> & {
  price_display_mode: PriceDisplayMode;
  icon_id: string | null;
};

export type CouponStatus = 'available' | 'redeemed' | 'expired' | 'disabled';
export const COUPON_STATUSES: CouponStatus[] = ['available', 'redeemed', 'expired', 'disabled'];

type CouponRow = Answer<`${Item}/coupons`, 'get'>['data'][number];
export type Coupon = Omit<CouponRow, 'status'> & { status: CouponStatus };

export type GenerateCouponsInput = Required<RequestBody<`${Item}/coupons`, 'post'>>;
export type BatchGenerated = Answer<`${Item}/coupons`, 'post'>['data'];
export type CouponBatch = Answer<`${Item}/batches`, 'get'>['data'][number];

/**
 * One entry of a coupon's life. `details` is documented as an object of anything; the
 * server puts code, value_moves, moves, via and a customer {id, name} there by event.
 */
export type CouponEvent = Answer<'/v1/admin/coupons/{coupon_id}/history', 'get'>['data'][number];

export type WalletStatistics = Answer<`${Item}/statistics`, 'get'>['data'];
export type WalletCustomer = Answer<`${Item}/customers`, 'get'>['data'][number];
export type RedeemAnswer = Answer<`${Item}/coupons/redeem`, 'post'>['data'];
export type CustomerWallets = Answer<'/v1/admin/customers/{customer_id}/wallets', 'get'>['data'];

export type ExportFormat = 'csv' | 'xlsx';
