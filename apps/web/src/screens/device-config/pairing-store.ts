import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useAppSettingStore } from '../../state/app-setting-store.ts';
import { DEFAULT_DEVICE_ADDRESS } from './device-ap.ts';

/**
 * The device being paired (spec section 3's device config store: deviceSSID, deviceBSSID,
 * isDeviceWifiConnected) and this pairing's key and window. Kept for the tab's session, so a reload
 * mid-flow resumes; the device address is the one setting remembered for good.
 */
export interface PairingState {
  profileId: string | null;
  /** The device's pairing AP: its name and MAC (the AP's BSSID). */
  deviceSSID: string | null;
  deviceBSSID: string | null;
  /** The model the device says it is. */
  deviceModel: string | null;
  isDeviceWifiConnected: boolean;
  /** The place the device goes to. */
  assetId: string | null;
  pairKey: string | null;
  /** When the pair key's window ends (server time, ms). */
  expiresAt: number | null;
  /** Given by change-owner; sent to the device with the Wi-Fi. */
  ownerKey: string | null;
  /** The home Wi-Fi chosen, and when the device was given it (ms). */
  ssid: string | null;
  sentAt: number | null;
  set(patch: Partial<Omit<PairingState, 'set' | 'clear'>>): void;
  /** Reset: forgets the remembered device network id and name (spec section 9). */
  clear(): void;
}

const empty = {
  profileId: null,
  deviceSSID: null,
  deviceBSSID: null,
  deviceModel: null,
  isDeviceWifiConnected: false,
  assetId: null,
  pairKey: null,
  expiresAt: null,
  ownerKey: null,
  ssid: null,
  sentAt: null,
} satisfies Partial<PairingState>;

export const usePairingStore = create<PairingState>()(
  persist(
    (set) => ({
      ...empty,
      set: (patch) => set(patch),
      clear: () => set(empty),
    }),
    {
      name: 'device-config-store',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ set: _set, clear: _clear, ...rest }) => rest,
    },
  ),
);

/** The device's address (advanced setting; the simulator's AP URL when trying it), remembered. */
export const useDeviceAddressStore = create<{ address: string; setAddress(a: string): void }>()(
  persist(
    (set) => ({
      address: DEFAULT_DEVICE_ADDRESS,
      setAddress: (address) => set({ address }),
    }),
    { name: 'device-address', version: 1 },
  ),
);

/** The router store (spec section 3): the password last used for a Wi-Fi name, in the app settings. */
export function savedPassword(ssid: string): string {
  return useAppSettingStore.getState().passwords[ssid]?.password ?? '';
}

export function savePassword(ssid: string, password: string): void {
  const passwords = { ...useAppSettingStore.getState().passwords, [ssid]: { ssid, password } };
  useAppSettingStore.setState({ passwords });
}
