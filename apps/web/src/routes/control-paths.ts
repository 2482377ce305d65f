import { getProfile, type ModelProfile } from '@hestia/catalog';
import { GENERIC_CONTROL, TAB_NAVIGATOR } from '../routes.ts';

/**
 * Every control screen name the catalogue gives (spec section 2: one-pole, plugV4, curtain, …), after
 * the generic one. control-screens.ts holds them for the route tree, which must not load the catalogue.
 */
export function controlScreenNamesOf(list: readonly ModelProfile[]): string[] {
  return [...new Set([GENERIC_CONTROL, ...list.map((p) => p.route.name)])];
}

/**
 * Device control screens (issue 7). A card opens the screen its device profile names (spec section
 * 2), with `deviceProfileId` when that screen takes it; every name leads to the same control shell,
 * which renders the family's panel. Without a known profile the generic path is used.
 */
export const controlPaths = {
  device: (id: string, deviceProfileId?: string) => {
    const profile = deviceProfileId ? getProfile(deviceProfileId) : undefined;
    if (!profile) return `${TAB_NAVIGATOR}/${GENERIC_CONTROL}/${id}`;
    const query = profile.route.params.includes('deviceProfileId')
      ? `?${new URLSearchParams({ deviceProfileId: profile.id }).toString()}`
      : '';
    return `${TAB_NAVIGATOR}/${profile.route.name}/${id}${query}`;
  },
} as const;
