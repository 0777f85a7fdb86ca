import type { Answer, RequestBody } from '@/lib/api/types';

type OrgList = '/v1/admin/organizations/{id}/activities';
type Item = '/v1/admin/activities/{id}';
type SessionItem = '/v1/admin/sessions/{id}';

export type Activity = Answer<Item, 'get'>['data'];
export type ActivityInput = Required<Omit<RequestBody<OrgList, 'post'>, 'version' | 'settings'>>;
export type ActivitySettings = Answer<`${Item}/settings`, 'get'>['data'];
export type Question = Answer<`${Item}/questions`, 'get'>['data']['questions'][number];
export type Session = Answer<'/v1/admin/applications/sessions', 'get'>['data'][number];
export type SessionDetail = Answer<SessionItem, 'get'>['data'];
export type Impact = Answer<`${SessionItem}/impact`, 'post'>['data'];
export type DeleteImpact = Answer<`${SessionItem}/delete-impact`, 'get'>['data'];
export type Preview = Answer<`${Item}/sessions/preview`, 'post'>['data'];
export type Repetition = NonNullable<SessionDetail['repetition']>;

/** A session or a series as the series editor sends it. */
export interface SessionInput {
  date: string;
  start_time: string;
  end_time: string;
  spots: number;
  /** Minutes before the start, an instant, or null (no bound). */
  subscribe_from: number | string | null;
  subscribe_until: number | string | null;
  repetition: Repetition | null;
  repetitionOccurrence?: 'this' | 'following';
}

export const ACTIVITY_TYPES = ['session', 'bundle'] as const;
export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const GENDERS = ['male', 'female', 'other'] as const;
export const PRICE_DISPLAY_MODES = ['eur', 'moves', 'both'] as const;
export const REPETITION_TYPES = ['weeks', 'months', 'years'] as const;
