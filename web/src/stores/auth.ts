import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Answer } from '@/lib/api/types';

type LoginAnswer = Answer<'/v1/auth/login', 'post'>;

export type User = LoginAnswer['user'];
export type ApplicationRef = User['applications'][number];

/**
 * The server sends expires_at as an RFC 3339 string; its document describes the Go
 * time.Time as an empty object, so the string is stated here.
 */
export type ApiToken = Omit<LoginAnswer['api_token'], 'expires_at'> & { expires_at: string };

export interface LoginResponse {
  api_token: ApiToken;
  user: User;
}

export type Profile = Answer<'/v1/admin/profile', 'get'>['data'];
export type OrganizationRef = Profile['organizations'][number];

interface AuthState {
  token: string | null;
  refreshToken: string | null;
  expiresAt: string | null;
  user: User | null;
  profile: Profile | null;
  setLogin: (login: LoginResponse) => void;
  setProfile: (profile: Profile) => void;
  clear: () => void;
}

const loggedOut = {
  token: null,
  refreshToken: null,
  expiresAt: null,
  user: null,
  profile: null,
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...loggedOut,
      setLogin: ({ api_token, user }) =>
        set({
          token: api_token.token,
          refreshToken: api_token.refresh_token,
          expiresAt: api_token.expires_at,
          user,
        }),
      setProfile: (profile) => set({ profile }),
      clear: () => set(loggedOut),
    }),
    {
      name: 'move.auth',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, refreshToken, expiresAt, user, profile }) => ({
        token,
        refreshToken,
        expiresAt,
        user,
        profile,
      }),
    },
  ),
);

export function isLoggedIn(state: Pick<AuthState, 'token' | 'profile'>): boolean {
  return Boolean(state.token && state.profile);
}
