import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Which application (tenant) and organisation the user is working in. */
interface ContextState {
  applicationId: string | null;
  organizationId: string | null;
  setApplicationId: (id: string | null) => void;
  setOrganizationId: (id: string | null) => void;
  clear: () => void;
}

export const useContextStore = create<ContextState>()(
  persist(
    (set) => ({
      applicationId: null,
      organizationId: null,
      setApplicationId: (applicationId) => set({ applicationId }),
      setOrganizationId: (organizationId) => set({ organizationId }),
      clear: () => set({ applicationId: null, organizationId: null }),
    }),
    { name: 'move.context', storage: createJSONStorage(() => localStorage) },
  ),
);
