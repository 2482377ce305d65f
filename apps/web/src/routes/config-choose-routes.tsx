/**
 * Issue 18: choosing the device to add (selectDeviceConfigMode, categories, brands, QR code) and the
 * `pid/{profileId}` and `{factory}/{model}` deep links (routes.ts `configPaths`).
 */
export function configChooseRoutes() {
  return null;
}
