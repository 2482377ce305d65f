// The IR remote screens, one chunk: the route tree holds one import of it (issue 23).
export {
  BrandRemotesScreen,
  ChooseRemoteTypeScreen,
  RemoteBrandListScreen,
  RemoteCategoryListScreen,
} from './ChooseScreens.tsx';
export { PostAddScreen, RemoteControllerScreen } from './ControllerScreens.tsx';
export { PersonalizeRemoteScreen, RemoteButtonsListScreen, SelectButtonScreen } from './CustomScreens.tsx';
export { LearnButtonScreen } from './LearnScreen.tsx';
export { DeviceRemoteListScreen } from './RemoteListScreen.tsx';
