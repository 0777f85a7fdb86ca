import type { Answer, RequestBody } from '@/lib/api/types';

export type Category = Answer<'/v1/admin/categories/{category_id}', 'get'>['data'];
export type CategoryInput = Omit<RequestBody<'/v1/admin/categories/{category_id}', 'put'>, 'version'>;

export type Tag = Answer<'/v1/admin/tags/{tag_id}', 'get'>['data'];
export type TagInput = Omit<RequestBody<'/v1/admin/tags/{tag_id}', 'put'>, 'version'>;

export type Label = Answer<'/v1/admin/labels/{label_id}', 'get'>['data'];
export type ActivityFilter = Label['activity_filter'];
export type ProductFilter = Label['product_filter'];
export type OrganizationFilter = Answer<'/v1/admin/labels/{label_id}/organization-filter', 'get'>['data'];
export type OrganizationFilterInput = RequestBody<'/v1/admin/labels/{label_id}/organization-filter', 'put'>;
export type CoveredOffer = Answer<'/v1/admin/labels/{label_id}/coverage', 'get'>['data'][number];

/** The activity types and levels a filter can name (spec section 9). */
export const ACTIVITY_TYPES = ['session', 'bundle'] as const;
export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
