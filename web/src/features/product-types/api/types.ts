import type { Answer, RequestBody } from '@/lib/api/types';

export type ProductType = Answer<'/v1/admin/product-types/{id}', 'get'>['data'];

export type ProductTypeInput = Pick<RequestBody<'/v1/admin/product-types', 'post'>, 'name'>;
