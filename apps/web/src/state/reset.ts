import { useAppSettingStore } from './app-setting-store.ts';
import { useAuthStore } from './auth-store.ts';
import { useHomeStore } from './home-store.ts';
import { useNavigationStore } from './navigation-store.ts';
import { useSaveLoginStore } from './save-login-store.ts';

/**
 * Status 1015 (a disabled or deleted account): every store back to its defaults, then logged out
 * (spec section 8). The language and the client id stay: they belong to the device, not the account.
 */
export function resetAllStores(): void {
  useAppSettingStore.getState().reset();
  useHomeStore.setState({ defaultAssetId: null, defaultRoomId: null });
  useNavigationStore.getState().clear();
  useSaveLoginStore.getState().dismiss();
  useAuthStore.getState().logout();
}
