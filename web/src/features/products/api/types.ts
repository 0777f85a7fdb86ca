import type { Answer, RequestBody } from '@/lib/api/types';

type OrgList = '/v1/admin/organizations/{id}/products';
type Item = '/v1/admin/products/{id}';

export type Product = Answer<Item, 'get'>['data'];
export type ProductInput = Required<Omit<RequestBody<OrgList, 'post'>, 'version'>>;
export type ProductQuestion = Answer<`${Item}/questions`, 'get'>['data']['questions'][number];
export type ProductDeleteImpact = Answer<`${Item}/delete-impact`, 'get'>['data'];
export type ProductPurchases = Answer<`${Item}/purchases`, 'get'>['data'];
export type ProductPurchase = ProductPurchases['purchases'][number];

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const GENDERS = ['male', 'female', 'other'] as const;
export const PRICE_DISPLAY_MODES = ['eur', 'moves', 'both'] as const;
/** The server's bound on spots (domain/product.MaxSpots). */
export const MAX_SPOTS = 100000;
