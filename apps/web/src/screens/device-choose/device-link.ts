/**
 * What a scanned QR code or an opened link names (spec section 2, links): `pid/{profileId}` (a model,
 * to configure) or `{factory}/{model}`, behind any host prefix (the app's own origin, a product host,
 * a custom scheme) or none. Pure, so the QR screen and the deep-link routes read codes the same way
 * (docs/decisions/027-qr-codes-and-deep-links.md).
 */

export type DeviceLink =
  | { kind: 'pid'; profileId: string }
  | { kind: 'factory'; factory: string; model: string };

/** The model a link resolves to must be one of these (the catalogue's profiles, in the app). */
export interface LinkProfile {
  id: string;
  brand: string;
  variant: string;
}

import { OWN_FACTORY } from './factories.ts';

/** The catalogue's brand of Hestia's own devices. */
export const GENERIC_BRAND = 'generic';

/** Longer than any link we print; a code this long is someone else's. */
const MAX_TEXT = 2048;
const SEGMENT = /^[A-Za-z0-9._-]{1,64}$/;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The path segments of a link: after the host of a URL, the whole text otherwise; query and hash dropped. */
function segmentsOf(text: string): string[] | null {
  const url = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(text);
  let path: string;
  if (url) {
    const [, scheme = '', host = '', rest = ''] = url;
    // A custom app scheme has no host: `hestia://pid/x` names `pid/x`.
    path = /^https?$/i.test(scheme) ? rest : `${host}${rest}`;
  } else {
    if (/\s/.test(text)) return null;
    path = text.replace(/[?#].*$/, '');
  }
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    const s = decode(raw);
    if (s === null || !SEGMENT.test(s)) return null;
    segments.push(s);
  }
  return segments;
}

/** What a code or link names, or null when it is not a Hestia device link at all. */
export function parseDeviceLink(input: string): DeviceLink | null {
  const text = input.trim();
  if (text === '' || text.length > MAX_TEXT) return null;
  const segments = segmentsOf(text);
  if (!segments) return null;
  const n = segments.length;
  const last = segments[n - 1];
  const before = segments[n - 2];
  if (last === undefined || before === undefined) return null;
  if (before.toLowerCase() === 'pid') return { kind: 'pid', profileId: last.toLowerCase() };
  // Anything longer than `{factory}/{model}` is some other site's page, not a device's label.
  if (n !== 2) return null;
  return { kind: 'factory', factory: before.toLowerCase(), model: last.toLowerCase() };
}

/**
 * The profile id a link leads to, or undefined for a model this app does not know. `{factory}/{model}`:
 * the factory is the catalogue's brand (`hestia` for the generic one) and the model the profile id, or
 * the brand's variant name when only one of its models has it.
 */
export function resolveDeviceLink(link: DeviceLink, profiles: readonly LinkProfile[]): string | undefined {
  if (link.kind === 'pid') return profiles.find((p) => p.id === link.profileId)?.id;
  const brand = link.factory === OWN_FACTORY ? GENERIC_BRAND : link.factory;
  const ofBrand = profiles.filter((p) => p.brand === brand);
  const byId = ofBrand.find((p) => p.id === link.model);
  if (byId) return byId.id;
  const byVariant = ofBrand.filter((p) => p.variant.toLowerCase() === link.model);
  return byVariant.length === 1 ? byVariant[0]?.id : undefined;
}
