import { lazy } from 'react';
import type { Stacked } from './stacked.tsx';
import { stackedRoutes } from './stacked.tsx';

const keys = () => import('../screens/settings/KeySettingScreens.tsx');
const titles = () => import('../screens/settings/KeyTitleScreens.tsx');
const types = () => import('../screens/settings/SettingTypeScreens.tsx');
const AdvancedSettingsScreen = lazy(() =>
  import('../screens/settings/AdvancedSettingsScreen.tsx').then((m) => ({
    default: m.AdvancedSettingsScreen,
  })),
);
const LightIntensityScreen = lazy(() => keys().then((m) => ({ default: m.LightIntensityScreen })));
const BeepScreen = lazy(() => keys().then((m) => ({ default: m.BeepScreen })));
const MemoryStatusScreen = lazy(() => keys().then((m) => ({ default: m.MemoryStatusScreen })));
const TemperatureRangeScreen = lazy(() => keys().then((m) => ({ default: m.TemperatureRangeScreen })));
const EditCurtainNameScreen = lazy(() => keys().then((m) => ({ default: m.EditCurtainNameScreen })));
const EditKeyTitleScreen = lazy(() => titles().then((m) => ({ default: m.EditKeyTitleScreen })));
const SwitchKeyListScreen = lazy(() => titles().then((m) => ({ default: m.SwitchKeyListScreen })));
const WifiStatusDisplayScreen = lazy(() => types().then((m) => ({ default: m.WifiStatusDisplayScreen })));
const PairingDevicesScreen = lazy(() => types().then((m) => ({ default: m.PairingDevicesScreen })));
const ConfigStatusScreen = lazy(() => types().then((m) => ({ default: m.ConfigStatusScreen })));
const HardwareTestScreen = lazy(() => import('../screens/control/HardwareTestScreen.tsx'));

/**
 * Issue 7: device settings screens (spec section 2, settings): advanced settings, light intensity,
 * Wi-Fi status, temperature range, memory status, key and curtain titles, the key list, beep, the
 * setting types and the hardware test. Paths in settings-paths.ts. Screens are lazy.
 */
const STACKED: readonly Stacked[] = [
  ['device-advanced-settings/:id', <AdvancedSettingsScreen key="s" />],
  ['light-intensity/:id', <LightIntensityScreen key="s" />],
  ['wifi-status-display/:id', <WifiStatusDisplayScreen key="s" />],
  ['temperature-range/:id', <TemperatureRangeScreen key="s" />],
  ['memory-status/:id', <MemoryStatusScreen key="s" />],
  ['edit-key-title/:id', <EditKeyTitleScreen key="s" />],
  ['edit-curtain-name/:id', <EditCurtainNameScreen key="s" />],
  ['switch-keyList-screen/:deviceId', <SwitchKeyListScreen key="s" />],
  ['beep/:id', <BeepScreen key="s" />],
  ['pairingDeviceInformation/:id', <PairingDevicesScreen key="s" />],
  ['configStatus/:id', <ConfigStatusScreen key="s" />],
  ['hardwareTestScreen/:deviceId', <HardwareTestScreen key="s" />],
];

export function settingsRoutes() {
  return stackedRoutes(STACKED);
}
