import { lazy } from 'react';
import { Route } from 'react-router';
import { FACTORIES } from '../screens/device-choose/factories.ts';
import { stackedRoutes } from './stacked.tsx';

const SelectModeScreen = lazy(() =>
  import('../screens/device-choose/SelectModeScreen.tsx').then((m) => ({ default: m.SelectModeScreen })),
);
const categories = () => import('../screens/device-choose/CategoryScreens.tsx');
const CategoryListScreen = lazy(() => categories().then((m) => ({ default: m.CategoryListScreen })));
const CategoryModelsScreen = lazy(() => categories().then((m) => ({ default: m.CategoryModelsScreen })));
const brands = () => import('../screens/device-choose/BrandScreens.tsx');
const BrandListScreen = lazy(() => brands().then((m) => ({ default: m.BrandListScreen })));
const BrandModelsScreen = lazy(() => brands().then((m) => ({ default: m.BrandModelsScreen })));
const QrCodeScreen = lazy(() =>
  import('../screens/device-choose/QrCodeScreen.tsx').then((m) => ({ default: m.QrCodeScreen })),
);
const link = () => import('../screens/device-choose/DeviceLinkScreen.tsx');
const ProfileLinkScreen = lazy(() => link().then((m) => ({ default: m.ProfileLinkScreen })));
const FactoryLinkScreen = lazy(() => link().then((m) => ({ default: m.FactoryLinkScreen })));

/**
 * Issue 18: choosing the device to add (selectDeviceConfigMode, categories, brands, QR code) and the
 * `pid/{profileId}` and `{factory}/{model}` deep links (routes.ts `configPaths`). The links are public
 * top-level routes, each factory its own static first segment, so no two-segment address is taken
 * from the not-found screen.
 */
export function configChooseRoutes() {
  return [
    <Route key="pid-link" path="/pid/:profileId" element={<ProfileLinkScreen />} />,
    ...FACTORIES.map((factory) => (
      <Route
        key={`factory-${factory}`}
        path={`/${factory}/:model`}
        element={<FactoryLinkScreen factory={factory} />}
      />
    )),
    ...stackedRoutes([
      ['selectDeviceConfigMode', <SelectModeScreen key="s" />],
      ['devicesCategoryList', <CategoryListScreen key="s" />],
      ['configBaseDeviceType/:categoryId', <CategoryModelsScreen key="s" />],
      ['deviceBrandList', <BrandListScreen key="s" />],
      ['configBaseDeviceBrand/:brandId', <BrandModelsScreen key="s" />],
      ['configDeviceQrCode', <QrCodeScreen key="s" />],
    ]),
  ];
}
