import { lazy } from 'react';
import { Route } from 'react-router';
import { FACTORIES } from '../screens/device-choose/factories.ts';
import { stackedRoutes } from './stacked.tsx';

type Screens = typeof import('../screens/device-choose/screens.ts');
const screen = <K extends keyof Screens>(name: K) =>
  lazy(() => import('../screens/device-choose/screens.ts').then((m) => ({ default: m[name] })));
const SelectMode = screen('SelectModeScreen');
const CategoryList = screen('CategoryListScreen');
const CategoryModels = screen('CategoryModelsScreen');
const BrandList = screen('BrandListScreen');
const BrandModels = screen('BrandModelsScreen');
const QrCode = screen('QrCodeScreen');
const ProfileLink = screen('ProfileLinkScreen');
const FactoryLink = screen('FactoryLinkScreen');

/**
 * Issue 18: choosing the device to add (selectDeviceConfigMode, categories, brands, QR code) and the
 * `pid/{profileId}` and `{factory}/{model}` deep links (routes.ts `configPaths`). The links are public
 * top-level routes, each factory its own static first segment, so no two-segment address is taken
 * from the not-found screen (docs/decisions/027).
 */
export function configChooseRoutes() {
  return [
    <Route key="pid" path="/pid/:profileId" element={<ProfileLink />} />,
    ...FACTORIES.map((f) => <Route key={f} path={`/${f}/:model`} element={<FactoryLink factory={f} />} />),
    ...stackedRoutes([
      ['selectDeviceConfigMode', <SelectMode key="s" />],
      ['devicesCategoryList', <CategoryList key="s" />],
      ['configBaseDeviceType/:categoryId', <CategoryModels key="s" />],
      ['deviceBrandList', <BrandList key="s" />],
      ['configBaseDeviceBrand/:brandId', <BrandModels key="s" />],
      ['configDeviceQrCode', <QrCode key="s" />],
    ]),
  ];
}
