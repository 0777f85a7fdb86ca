import type { Answer, RequestBody } from '@/lib/api/types';

export type Location = Answer<'/v1/admin/locations/{location_id}', 'get'>['data'];
export type LocationInput = Omit<RequestBody<'/v1/admin/organizations/{id}/locations', 'post'>, 'version'>;
export type OpeningDay = Location['opening_hours'][number];
