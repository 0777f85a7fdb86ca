import { currentLanguage, i18n } from '@/lib/i18n';
import { useAuthStore, type LoginResponse } from '@/stores/auth';
import { useContextStore } from '@/stores/context';
import { notifyError } from '@/stores/notification';

export type FieldErrors = Record<string, string>;

interface ErrorBody {
  errors?: { message?: string; fields?: FieldErrors };
}

/** A failed call to the main API, carrying the server's (translated) message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: FieldErrors;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | null;
  /** The whole `errors` object, for answers with more than fields (e.g. an import's rows). */
  readonly details: unknown;

  constructor(
    status: number,
    message: string,
    fields: FieldErrors = {},
    serverMessage: string | null = null,
    details: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.serverMessage = serverMessage;
    this.details = details;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Do not show the error notification; the caller handles the failure itself. */
  silent?: boolean;
  /** Identity calls made without a login (login, refresh, password reset, invites). */
  anonymous?: boolean;
  /** Another application than the chosen one (superadmin screens about one application). */
  applicationId?: string;
  /** Headers of this call only, e.g. an Idempotency-Key that makes a retried command a no-op. */
  headers?: Record<string, string>;
}

/** Commands answer meta.position; calls that follow send it so the server waits for its read models. */
export interface CommandMeta {
  position?: string;
}

let minPosition: string | null = null;
let refreshInFlight: Promise<boolean> | null = null;

/** Compares event-log positions such as "123.456" part by part, numerically. */
export function comparePositions(a: string, b: string): number {
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const l = BigInt(/^\d+$/.test(left[i] ?? '') ? left[i] : '0');
    const r = BigInt(/^\d+$/.test(right[i] ?? '') ? right[i] : '0');
    if (l !== r) return l < r ? -1 : 1;
  }
  return 0;
}

export function recordPosition(position: string | undefined | null): void {
  if (!position) return;
  if (minPosition === null || comparePositions(position, minPosition) > 0) {
    minPosition = position;
  }
}

export function latestPosition(): string | null {
  return minPosition;
}

/** Test hook: forget the remembered position and any refresh in flight. */
export function resetApiClientState(): void {
  minPosition = null;
  refreshInFlight = null;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The headers every main-API call carries. Reads and writes alike send the latest
 * command position: the server waits for the read models a write's checks consult too.
 */
export function buildHeaders(
  options: { anonymous?: boolean; applicationId?: string } = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (!options.anonymous) {
    const { token } = useAuthStore.getState();
    const applicationId = options.applicationId ?? useContextStore.getState().applicationId;
    // Before login no application is chosen: the server answers with its default one.
    if (token) headers.Authorization = `Bearer ${token}`;
    if (token && applicationId) headers.ApplicationId = applicationId;
  }
  if (!options.anonymous && minPosition) headers['X-Min-Position'] = minPosition;
  return headers;
}

export function genericErrorMessage(): string {
  return i18n.t('errors.generic');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export async function errorFromResponse(response: { status: number; json: () => Promise<unknown> }): Promise<ApiError> {
  let body: ErrorBody;
  try {
    body = ((await response.json()) ?? {}) as ErrorBody;
  } catch {
    body = {};
  }
  const serverMessage = body.errors?.message || null;
  return new ApiError(
    response.status,
    serverMessage ?? genericErrorMessage(),
    body.errors?.fields ?? {},
    serverMessage,
    body.errors,
  );
}

/** Shows the failure to the user unless it is a 401 or the caller aborted. */
export function reportFailure(error: unknown): void {
  if (isAbortError(error)) return;
  if (error instanceof ApiError) {
    if (error.status !== 401) notifyError(error.message);
    return;
  }
  notifyError(genericErrorMessage());
}

/**
 * Trades the refresh token for a new login, once for all calls that hit a 401 together.
 * A failed refresh clears the login; the route guards then send the user to /login.
 */
export function refreshLogin(): Promise<boolean> {
  const { refreshToken } = useAuthStore.getState();
  if (!refreshToken) return Promise.resolve(false);
  refreshInFlight ??= (async () => {
    try {
      const response = await fetch('/v1/token/refresh', {
        method: 'POST',
        headers: { ...buildHeaders({ anonymous: true }), 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      if (!response.ok) throw new Error(`refresh failed with ${response.status}`);
      useAuthStore.getState().setLogin((await response.json()) as LoginResponse);
      return true;
    } catch {
      useAuthStore.getState().clear();
      return false;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers = { ...buildHeaders({ anonymous: options.anonymous, applicationId: options.applicationId }), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
}

async function sendWithRefresh(path: string, options: RequestOptions): Promise<Response> {
  let response = await send(path, options);
  if (response.status === 401 && !options.anonymous && (await refreshLogin())) {
    response = await send(path, options);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/** Calls the main API and returns the parsed JSON answer (undefined for 204). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    const response = await sendWithRefresh(path, options);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    const parsed = (text ? JSON.parse(text) : undefined) as T;
    const meta = (parsed as { meta?: CommandMeta } | undefined)?.meta;
    if ((options.method ?? 'GET') !== 'GET') recordPosition(meta?.position);
    return parsed;
  } catch (error) {
    if (!options.silent) reportFailure(error);
    throw error;
  }
}

/** Calls the main API for a file (e.g. an xlsx export); failures are reported like api()'s. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  try {
    return await (await sendWithRefresh(path, options)).blob();
  } catch (error) {
    if (!options.silent) reportFailure(error);
    throw error;
  }
}
