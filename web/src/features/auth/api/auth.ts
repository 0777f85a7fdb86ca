import { api } from '@/lib/api-client';
import type { RequestBody } from '@/lib/api/types';
import type { LoginResponse } from '@/stores/auth';

export type Credentials = RequestBody<'/v1/auth/login', 'post'>;

export function login(credentials: Credentials): Promise<LoginResponse> {
  // Silent: the refusal is shown next to the form (FormErrorSummary), not in a toast far from it.
  return api<LoginResponse>('/v1/auth/login', { method: 'POST', body: credentials, anonymous: true, silent: true });
}

export function requestPasswordReset(email: string): Promise<void> {
  return api<void>('/v1/auth/forgot-password', { method: 'POST', body: { email }, anonymous: true });
}

export function resetPassword(token: string, password: string): Promise<void> {
  return api<void>('/v1/auth/reset-password', { method: 'POST', body: { token, password }, anonymous: true });
}

export type InviteRegistration = RequestBody<'/v1/auth/invites/accept', 'post'>;

export function acceptInvite(registration: InviteRegistration): Promise<void> {
  return api<void>('/v1/auth/invites/accept', { method: 'POST', body: registration, anonymous: true });
}
