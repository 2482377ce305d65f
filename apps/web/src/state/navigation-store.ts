import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * The last place in the app, saved locally and restored at start (spec section 2). On web it is
 * restored only with a token: a logged-out start goes to authenticate instead.
 */
interface NavigationState {
  lastPath: string | null;
  save(path: string): void;
  clear(): void;
}

export const useNavigationStore = create<NavigationState>()(
  persist(
    (set) => ({
      lastPath: null,
      save: (lastPath) => set({ lastPath }),
      clear: () => set({ lastPath: null }),
    }),
    { name: 'navigation-store', version: 1 },
  ),
);
