import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * Credentials just used to log in, held in memory only until the save-login sheet is answered (spec
 * section 2: a 35% bottom sheet with Save or Not now). Only the username Save chose is persisted.
 */
export interface PendingLogin {
  id: string;
  password: string;
  kind: 'email' | 'mobile';
}

interface SaveLoginState {
  pending: PendingLogin | null;
  /** The username saved by Save, to fill the login form; never the password. */
  remembered: { kind: 'email' | 'mobile'; id: string } | null;
  offer(login: PendingLogin): void;
  dismiss(): void;
  remember(value: { kind: 'email' | 'mobile'; id: string } | null): void;
}

export const useSaveLoginStore = create<SaveLoginState>()(
  persist(
    (set) => ({
      pending: null,
      remembered: null,
      offer: (pending) => set({ pending }),
      dismiss: () => set({ pending: null }),
      remember: (remembered) => set({ remembered }),
    }),
    { name: 'saved-login', version: 1, partialize: ({ remembered }) => ({ remembered }) },
  ),
);
