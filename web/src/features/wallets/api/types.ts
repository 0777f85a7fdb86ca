/**
 * The wallet shapes, written from the contract while readapi/wallets*.go is being
 * built (web-011: hand-written until the routes are in the generated document).
 */
export type PriceDisplayMode = 'eur' | 'moves' | 'both';
export const PRICE_DISPLAY_MODES: PriceDisplayMode[] = ['eur', 'moves', 'both'];

export interface Wallet {
  id: string;
  name: string;
  slug: string;
  icon_id: string | null;
  icon_url?: string | null;
  included_labels: string[];
  excluded_labels: string[];
  price_display_mode: PriceDisplayMode;
  can_top_up: boolean;
  can_top_up_once: boolean;
  coupons_count: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The form's values: every field of the create/update body. */
export interface WalletInput {
  name: string;
  slug: string;
  icon_id: string | null;
  included_labels: string[];
  excluded_labels: string[];
  price_display_mode: PriceDisplayMode;
  can_top_up: boolean;
  can_top_up_once: boolean;
}

export interface Person {
  id: string;
  name: string;
}

export type CouponStatus = 'available' | 'redeemed' | 'expired' | 'disabled';
export const COUPON_STATUSES: CouponStatus[] = ['available', 'redeemed', 'expired', 'disabled'];

export interface Coupon {
  id: string;
  code: string;
  value_moves: number;
  batch_id: string;
  expires_at: string | null;
  is_enabled: boolean;
  batch_enabled: boolean;
  status: CouponStatus;
  created_at: string;
  created_by: Person | null;
  redeemed_at: string | null;
  redeemed_by: Person | null;
  customer: Person | null;
  via: string | null;
}

export interface GenerateCouponsInput {
  quantity: number;
  value_moves: number;
  prefix: string;
  suffix: string;
  /** RFC 3339, or null for coupons that never expire. */
  expires_at: string | null;
  enabled: boolean;
}

export interface BatchGenerated {
  id: string;
  version: number;
  issued: number;
}

export interface CouponBatch {
  id: string;
  quantity: number;
  issued: number;
  value_moves: number;
  prefix: string;
  suffix: string;
  expires_at: string | null;
  enabled: boolean;
  created_at: string;
  created_by: Person | null;
  redeemed_count: number;
}

export interface CouponEvent {
  event: string;
  at: string;
  actor: Person | null;
  details?: Record<string, unknown> | null;
  position?: string;
}

export interface WalletStatisticsDay {
  day: string;
  issued: number;
  redeemed: number;
  expired: number;
}

export interface WalletStatistics {
  totals: { issued: number; redeemed: number; outstanding: number; expired: number };
  days: WalletStatisticsDay[];
}

export interface WalletCustomer {
  customer: { id: string; name: string; email: string };
  balance: number;
  credits_count: number;
  last_top_up_at: string | null;
}

export interface RedeemAnswer {
  coupon_id: string;
  moves: number;
  balance: number;
}

export interface CustomerWallets {
  customer: { id: string; name: string; email?: string };
  wallets: { wallet_id: string; name: string; balance: number }[];
  history: { wallet_id: string; wallet_name: string; moves: number; coupon_id: string | null; code: string | null; at: string }[];
}

export type ExportFormat = 'csv' | 'xlsx';
