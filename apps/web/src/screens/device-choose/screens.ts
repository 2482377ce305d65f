// The screens of choosing a device, one chunk: the route tree (first load) holds one import of it.
export { BrandListScreen, BrandModelsScreen } from './BrandScreens.tsx';
export { CategoryListScreen, CategoryModelsScreen } from './CategoryScreens.tsx';
export { FactoryLinkScreen, ProfileLinkScreen } from './DeviceLinkScreen.tsx';
export { QrCodeScreen } from './QrCodeScreen.tsx';
export { SelectModeScreen } from './SelectModeScreen.tsx';
