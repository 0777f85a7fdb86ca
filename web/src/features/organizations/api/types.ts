import type { Answer, RequestBody } from '@/lib/api/types';

type List = '/v1/admin/applications/organizations';
type Item = '/v1/admin/organizations/{id}';

export type Organization = Answer<Item, 'get'>['data'];
export type OrganizationState = 'pending' | 'approved' | 'rejected';
export const ORGANIZATION_STATES: OrganizationState[] = ['pending', 'approved', 'rejected'];

/** The form's values: every field of the create/update body, none optional. */
export type OrganizationInput = Required<Omit<RequestBody<List, 'post'>, 'version'>>;

/** Create answers the API client id and its secret, this once. */
export type OrganizationCreated = Answer<List, 'post'>['data'];

export type ImportAnswer = Answer<`${List}/import`, 'post'>['data'];
/**
 * A previewed row: its line and the organisation's fields. The server embeds its input
 * struct in the row and the document generator drops embedded fields, so they are added here.
 */
export type ImportPreviewRow = NonNullable<ImportAnswer['preview']>[number] & Partial<OrganizationInput>;

/**
 * A refused import (422): the file's problem in `fields.file`, or each broken row's line
 * and its columns' messages. The document describes only the common error body, so the
 * rows are stated here.
 */
export interface ImportRefusal {
  message: string;
  fields?: Record<string, string>;
  rows: { line: number; fields: Record<string, string> }[];
}

type Finance = `${Item}/finance`;
export type OrganizationFinance = Answer<Finance, 'get'>['data'];
/** The finance form's values: ATTN, address, IBAN and account name. */
export type FinanceInput = Required<Omit<RequestBody<Finance, 'put'>, 'version'>>;
