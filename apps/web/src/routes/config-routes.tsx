import { lazy } from 'react';
import { stackedRoutes } from './stacked.tsx';

const screens = () => import('../screens/device-config/screens.ts');
const AutoOrManual = lazy(() => screens().then((m) => ({ default: m.AutoOrManualScreen })));
const SmartConfig = lazy(() => screens().then((m) => ({ default: m.SmartConfigScreen })));
const ManualTutorial = lazy(() => screens().then((m) => ({ default: m.ManualTutorialScreen })));
const ConnectDeviceWifi = lazy(() => screens().then((m) => ({ default: m.ConnectDeviceWifiScreen })));
const ChangeOwner = lazy(() => screens().then((m) => ({ default: m.ChangeOwnerScreen })));
const SelectDeviceWifi = lazy(() => screens().then((m) => ({ default: m.SelectDeviceWifiScreen })));
const ConfigStatus = lazy(() => screens().then((m) => ({ default: m.ConfigStatusScreen })));
const PostConfig = lazy(() => screens().then((m) => ({ default: m.PostConfigScreen })));
const PairingInfo = lazy(() => screens().then((m) => ({ default: m.PairingInfoScreen })));

/**
 * Issue 18: the pairing flow, from selectAutoOrManualConfig to post-config (routes.ts `configPaths`),
 * stacked on the tab navigator. manualConfigSelectDeviceWifi and manual-config-change-owner keep their
 * spec names, which DEVICE_WIFI_CONFIG_SCREENS lists to keep the no-internet modal away.
 */
export function configRoutes() {
  return stackedRoutes([
    ['selectAutoOrManualConfig', <AutoOrManual key="s" />],
    ['selectWifiInAutoConfig', <SmartConfig key="s" step="wifi" />],
    ['autoConfigTutorial', <SmartConfig key="s" step="tutorial" />],
    ['autoConfigFinal', <SmartConfig key="s" step="final" />],
    ['manualConfigTutorial', <ManualTutorial key="s" />],
    ['manual-config-connect-device-wifi', <ConnectDeviceWifi key="s" />],
    ['manual-config-change-owner', <ChangeOwner key="s" />],
    ['manualConfigSelectDeviceWifi', <SelectDeviceWifi key="s" />],
    ['configStatus', <ConfigStatus key="s" />],
    ['post-config/:deviceId', <PostConfig key="s" />],
    ['pairingDeviceInformation', <PairingInfo key="s" />],
  ]);
}
