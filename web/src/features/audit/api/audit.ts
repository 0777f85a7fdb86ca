import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiBlob } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';

/** Shapes from the generated schema (web-011). */
export type AuditPage = Answer<'/v1/admin/audit/events', 'get'>;
export type AuditEvent = AuditPage['data'][number];
export type AuditHistory = Answer<'/v1/admin/audit/entities/{entity_type}/{entity_id}', 'get'>['data'];
export type AuditState = Answer<'/v1/admin/audit/entities/{entity_type}/{entity_id}/state', 'get'>['data'];
export type AuditDiff = Answer<'/v1/admin/audit/entities/{entity_type}/{entity_id}/diff', 'get'>['data'];
export type AuditSeal = Answer<'/v1/admin/audit/seal', 'get'>['data'];

/** The log's filters, as the route's query names them. */
export interface AuditFilter {
  from?: string;
  to?: string;
  entity_type?: string;
  entity_id?: string;
  type?: string;
  actor_id?: string;
  correlation_id?: string;
}

const AUDIT = '/v1/admin/audit';

function entityPath(entityType: string, entityId: string): string {
  return `${AUDIT}/entities/${encodeURIComponent(entityType)}/${encodeURIComponent(entityId)}`;
}

/** One page of the log, newest first; `before` is the previous page's cursor. */
export function useAuditLog(filter: AuditFilter, before: string | null) {
  return useQuery({
    queryKey: ['audit', 'events', filter, before],
    queryFn: ({ signal }) => api<AuditPage>(`${AUDIT}/events`, { signal, query: { ...filter, before: before ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useEntityHistory(entityType: string, entityId: string) {
  return useQuery({
    queryKey: ['audit', 'history', entityType, entityId],
    queryFn: async ({ signal }) => (await api<{ data: AuditHistory }>(entityPath(entityType, entityId), { signal })).data,
  });
}

/** The entity's state as of a moment (an RFC 3339 instant or a log position); null: now. */
export function useEntityState(entityType: string, entityId: string, at: string | null) {
  return useQuery({
    queryKey: ['audit', 'state', entityType, entityId, at],
    queryFn: async ({ signal }) =>
      (await api<{ data: AuditState }>(`${entityPath(entityType, entityId)}/state`, { signal, query: { at: at ?? undefined } })).data,
  });
}

export function useEntityDiff(entityType: string, entityId: string, from: string | null, to: string | null) {
  return useQuery({
    queryKey: ['audit', 'diff', entityType, entityId, from, to],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: AuditDiff }>(`${entityPath(entityType, entityId)}/diff`, {
          signal,
          query: { from: from ?? undefined, to: to ?? undefined },
        })
      ).data,
    enabled: from !== null,
  });
}

export function useFootprint(correlationId: string) {
  return useQuery({
    queryKey: ['audit', 'footprint', correlationId],
    queryFn: async ({ signal }) =>
      (await api<{ data: AuditEvent[] }>(`${AUDIT}/footprints/${encodeURIComponent(correlationId)}`, { signal })).data,
  });
}

export function useSeal() {
  return useQuery({
    queryKey: ['audit', 'seal'],
    queryFn: async ({ signal }) => (await api<{ data: AuditSeal }>(`${AUDIT}/seal`, { signal })).data,
  });
}

export type ExportFormat = 'csv' | 'jsonl';

/** A file the export made: its name and the SHA-256 of its bytes. */
export interface AuditFile {
  name: string;
  sha256: string;
}

/**
 * Downloads the filtered log pinned to a log position (the newest event shown), so the
 * same export can be made again byte for byte; the file's name carries its SHA-256, as
 * the server names it.
 */
export async function exportAudit(filter: AuditFilter, format: ExportFormat, position: string): Promise<AuditFile> {
  const blob = await apiBlob(`${AUDIT}/export`, { query: { ...filter, format, position } });
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  const sha256 = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const name = `audit-${position}-${sha256}.${format}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return { name, sha256 };
}
