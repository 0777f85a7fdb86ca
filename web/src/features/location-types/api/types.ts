import type { Answer, RequestBody } from '@/lib/api/types';

export type LocationType = Answer<'/v1/admin/location-types/{id}', 'get'>['data'];

export type LocationTypeInput = Omit<RequestBody<'/v1/admin/location-types', 'post'>, 'version' | 'highlighted'>;
