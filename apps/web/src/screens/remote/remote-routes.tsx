import { lazy } from 'react';
import { type Stacked, stackedRoutes } from '../../routes/stacked.tsx';
import { REMOTE_ROUTES as R } from './paths.ts';

type Screens = typeof import('./screens.ts');
const screen = <K extends keyof Screens>(name: K) =>
  lazy(() => import('./screens.ts').then((m) => ({ default: m[name] })));
const List = screen('DeviceRemoteListScreen');
const ChooseType = screen('ChooseRemoteTypeScreen');
const Categories = screen('RemoteCategoryListScreen');
const Brands = screen('RemoteBrandListScreen');
const BrandRemotes = screen('BrandRemotesScreen');
const Controller = screen('RemoteControllerScreen');
const Personalize = screen('PersonalizeRemoteScreen');
const Buttons = screen('RemoteButtonsListScreen');
const Learn = screen('LearnButtonScreen');
const PostAdd = screen('PostAddScreen');
const SelectButton = screen('SelectButtonScreen');

/** Issue 23: the IR remote screens (spec section 2, "Infrared remotes"); paths in ./paths.ts. */
const STACKED: readonly Stacked[] = [
  [R.list, <List key="s" />],
  [R.chooseType, <ChooseType key="s" />],
  [R.categories, <Categories key="s" />],
  [R.brands, <Brands key="s" />],
  [R.brandRemotes, <BrandRemotes key="s" />],
  [R.controller, <Controller key="s" />],
  [R.personalize, <Personalize key="s" />],
  [R.buttons, <Buttons key="s" />],
  [R.learn, <Learn key="s" />],
  [R.postAdd, <PostAdd key="s" />],
  [R.selectButton, <SelectButton key="s" />],
];

export function remoteRoutes() {
  return stackedRoutes(STACKED);
}
