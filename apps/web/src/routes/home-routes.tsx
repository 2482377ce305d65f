import { lazy } from 'react';
import { Route } from 'react-router';
import { type Stacked, stackedRoutes } from './stacked.tsx';

const DeviceListScreen = lazy(() => import('../screens/DeviceListScreen.tsx'));
const setting = () => import('../screens/home/DeviceSettingScreen.tsx');
const DeviceSettingScreen = lazy(() => setting().then((m) => ({ default: m.DeviceSettingScreen })));
const DeviceInformationScreen = lazy(() => setting().then((m) => ({ default: m.DeviceInformationScreen })));
const ShareDeviceScreen = lazy(() =>
  import('../screens/home/ShareDeviceScreen.tsx').then((m) => ({ default: m.ShareDeviceScreen })),
);
const users = () => import('../screens/home/CommonUsersScreen.tsx');
const CommonUsersScreen = lazy(() => users().then((m) => ({ default: m.CommonUsersScreen })));
const DeviceUserScreen = lazy(() => users().then((m) => ({ default: m.DeviceUserScreen })));
const shared = () => import('../screens/home/SharedDeviceScreen.tsx');
const SharedDeviceScreen = lazy(() => shared().then((m) => ({ default: m.SharedDeviceScreen })));
const ShareLinkRedirect = lazy(() => shared().then((m) => ({ default: m.ShareLinkRedirect })));
const places = () => import('../screens/home/PlaceScreens.tsx');
const AssetListScreen = lazy(() => places().then((m) => ({ default: m.AssetListScreen })));
const AddOrEditAssetScreen = lazy(() => places().then((m) => ({ default: m.AddOrEditAssetScreen })));
const DeleteAssetScreen = lazy(() => places().then((m) => ({ default: m.DeleteAssetScreen })));
const rooms = () => import('../screens/home/RoomScreens.tsx');
const RoomListScreen = lazy(() => rooms().then((m) => ({ default: m.RoomListScreen })));
const AddOrEditRoomScreen = lazy(() => rooms().then((m) => ({ default: m.AddOrEditRoomScreen })));
const AddRoomScreen = lazy(() => rooms().then((m) => ({ default: m.AddRoomScreen })));
const FirmwareUpdateScreen = lazy(() =>
  import('../screens/firmware/FirmwareUpdateScreen.tsx').then((m) => ({ default: m.FirmwareUpdateScreen })),
);
const GeneralAddScreen = lazy(() =>
  import('../screens/home/GeneralAddScreen.tsx').then((m) => ({ default: m.GeneralAddScreen })),
);

/** Screens stacked on the tab navigator (no tab bar), with the path each is reached by. */
const STACKED: readonly Stacked[] = [
  ['SharedDevice/:token', <SharedDeviceScreen key="s" />],
  ['device-setting/:id', <DeviceSettingScreen key="s" />],
  ['device-information/:id', <DeviceInformationScreen key="s" />],
  ['deviceFirmwareUpdate/:id', <FirmwareUpdateScreen key="s" />],
  ['share-device/:id', <ShareDeviceScreen key="s" />],
  ['common-users/:id', <CommonUsersScreen key="s" />],
  ['device-user-screen/:id', <DeviceUserScreen key="s" />],
  ['asset-list', <AssetListScreen key="s" />],
  ['add-or-edit-asset/:assetId?', <AddOrEditAssetScreen key="s" />],
  ['room-list', <RoomListScreen key="s" />],
  ['add-or-edit-room', <AddOrEditRoomScreen key="s" />],
  ['add-room', <AddRoomScreen key="s" />],
  ['general-add', <GeneralAddScreen key="s" />],
  ['delete-asset/:assetId', <DeleteAssetScreen key="s" />],
];

/** Issue 5's top-level routes: the stacked screens and the public `share/{token}` deep link. */
export function homeRoutes() {
  return [
    <Route key="share-link" path="/share/:token" element={<ShareLinkRedirect />} />,
    ...stackedRoutes(STACKED),
  ];
}

/** Issue 5's tabs, inside the tab navigator's layout. */
export function homeTabRoutes() {
  return [
    <Route key="devices" path="devices" element={<DeviceListScreen mode="devices" />} />,
    <Route
      key="favoriteDevices"
      path="favoriteDevices"
      element={<DeviceListScreen mode="favoriteDevices" />}
    />,
  ];
}
