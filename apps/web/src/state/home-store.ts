import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The place and room last shown on the dashboard (spec section 3: local defaultAssetId, defaultRoomId). */
interface HomeState {
  defaultAssetId: string | null;
  /** null is 'all rooms'. */
  defaultRoomId: string | null;
  setPlace(id: string): void;
  setRoom(id: string | null): void;
}

export const useHomeStore = create<HomeState>()(
  persist(
    (set) => ({
      defaultAssetId: null,
      defaultRoomId: null,
      setPlace: (id) => set({ defaultAssetId: id, defaultRoomId: null }),
      setRoom: (id) => set({ defaultRoomId: id }),
    }),
    { name: 'asset-store', version: 1 },
  ),
);
