import { api } from '@/lib/api-client';
import type { Answer } from '@/lib/api/types';
import { listSource, type ListSource } from '@/lib/list';

/** What every command answers: the new version, and the log position to read our own write. */
export type CommandResult = Answer<'/v1/admin/sports', 'post'>;

export interface ResourceApi<Row, Input> {
  list: ListSource<Row>;
  get: (id: string, signal?: AbortSignal) => Promise<Row>;
  create: (input: Input) => Promise<CommandResult>;
  update: (id: string, input: Input & { version: number }) => Promise<CommandResult>;
  remove: (id: string) => Promise<CommandResult>;
}

/** The calls of a catalogue resource under /v1/admin/{path}: list, get, create, update, delete. */
export function resourceApi<Row, Input>(path: string): ResourceApi<Row, Input> {
  const base = `/v1/admin/${path}`;
  const item = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    list: listSource<Row>(base),
    get: async (id, signal) => (await api<{ data: Row }>(item(id), { signal })).data,
    create: (input) => api<CommandResult>(base, { method: 'POST', body: input }),
    update: (id, input) => api<CommandResult>(item(id), { method: 'PUT', body: input }),
    remove: (id) => api<CommandResult>(item(id), { method: 'DELETE' }),
  };
}
