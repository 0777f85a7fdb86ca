import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface ApplicationRef {
  id: string;
  name: string;
  slug: string;
}

export interface User {
  id: string;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  email: string;
  applications: ApplicationRef[];
}

export interface ApiToken {
  token: string;
  refresh_token: string;
  expires_at: string;
}

export interface LoginResponse {
  api_token: ApiToken;
  user: User;
}

export interface OrganizationRef {
  id: string;
  name: string;
}

export interface Profile {
  roles: string[];
  abilities: string[];
  organizations: OrganizationRef[];
}

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
