import { TAB_NAVIGATOR } from '../../routes.ts';

const q = (params: Record<string, string | number | boolean | undefined>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
};

/**
 * Issue 23: the IR remote screens (spec section 2, "Infrared remotes"), stacked on the tab navigator.
 * `id` is always the IR blaster's device id; the spec's other parameters are query parameters.
 * `remoteId` is the user's remote (a UUID), except on selected-brand-devices' list, which shows
 * catalogue remotes.
 */
export const remotePaths = {
  list: (id: string) => `${TAB_NAVIGATOR}/device-remote-list/${id}`,
  chooseType: (id: string, p: { categoryType?: number } = {}) =>
    `${TAB_NAVIGATOR}/choose-remote-type/${id}${q(p)}`,
  categories: (id: string) => `${TAB_NAVIGATOR}/add-ir-remote-category-list/${id}`,
  brands: (id: string, categoryType: number) =>
    `${TAB_NAVIGATOR}/brand-list-base-category/${id}${q({ categoryType })}`,
  brandRemotes: (id: string, p: { brandType: number; categoryType: number }) =>
    `${TAB_NAVIGATOR}/selected-brand-devices/${id}${q(p)}`,
  controller: (id: string, p: { remoteId: string; isForAddTolist?: boolean; categoryType?: number }) =>
    `${TAB_NAVIGATOR}/irremote-add-controller/${id}${q(p)}`,
  personalize: (id: string, p: { categoryType?: number; remoteId?: string } = {}) =>
    `${TAB_NAVIGATOR}/user-personalize-remote/${id}${q(p)}`,
  buttons: (id: string, remoteId: string) => `${TAB_NAVIGATOR}/remote-buttons-list/${id}${q({ remoteId })}`,
  learn: (id: string, p: { remoteId: string; button?: string }) =>
    `${TAB_NAVIGATOR}/learnButton/${id}${q(p)}`,
  postAdd: (id: string, p: { remoteId: string; isCustom?: boolean }) =>
    `${TAB_NAVIGATOR}/post-add-controll/${id}${q(p)}`,
  /** The key to learn; with `forAction`, the button (or state) an automation's action presses. */
  selectButton: (id: string, remoteId: string, forAction = false) =>
    `${TAB_NAVIGATOR}/irremote-select-button/${id}${q({ remoteId, for: forAction ? 'action' : undefined })}`,
} as const;

/** The route paths under the tab navigator, for the route tree. */
export const REMOTE_ROUTES = {
  list: 'device-remote-list/:id',
  chooseType: 'choose-remote-type/:id',
  categories: 'add-ir-remote-category-list/:id',
  brands: 'brand-list-base-category/:id',
  brandRemotes: 'selected-brand-devices/:id',
  controller: 'irremote-add-controller/:id',
  personalize: 'user-personalize-remote/:id',
  buttons: 'remote-buttons-list/:id',
  learn: 'learnButton/:id',
  postAdd: 'post-add-controll/:id',
  selectButton: 'irremote-select-button/:id',
} as const;
