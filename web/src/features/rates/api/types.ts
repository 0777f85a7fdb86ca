import type { Answer, RequestBody } from '@/lib/api/types';

/** A rate; the list's first row, Free, has a null id. */
export type Rate = Answer<'/v1/admin/rates/{rate_id}', 'get'>['data'];
export type RateInput = Omit<RequestBody<'/v1/admin/organizations/{id}/rates', 'post'>, 'version'>;

export type CancellationTerm = Answer<'/v1/admin/cancellation-terms/{term_id}', 'get'>['data'];
export type Period = CancellationTerm['periods'][number];
export type TermInput = Omit<RequestBody<'/v1/admin/organizations/{id}/cancellation-terms', 'post'>, 'version'>;
