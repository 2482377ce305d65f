/** The pairing flow's screens, one chunk loaded when adding a device starts (routes/config-routes.tsx). */
export { ConfigStatusScreen } from './ConfigStatusScreen.tsx';
export { ChangeOwnerScreen, ConnectDeviceWifiScreen } from './ConnectScreens.tsx';
export { ManualTutorialScreen } from './ManualTutorialScreen.tsx';
export { AutoOrManualScreen, SmartConfigScreen } from './ModeScreens.tsx';
export { PairingInfoScreen } from './PairingInfoScreen.tsx';
export { PostConfigScreen } from './PostConfigScreen.tsx';
export { SelectDeviceWifiScreen } from './SelectDeviceWifiScreen.tsx';
