import { appLinkTarget } from '../../lib/app-links.ts';
import { type LinkProfile, parseDeviceLink, resolveDeviceLink } from './device-link.ts';
import { FACTORIES } from './factories.ts';

/** What a scanned code leads to on the QR screen. */
export type ScanTarget =
  | { kind: 'model'; profileId: string }
  /** Another of the app's links (a share code, a screen's address): the route of its path. */
  | { kind: 'route'; path: string }
  | { kind: 'unknownModel' }
  | { kind: 'notHestia' };

/**
 * A scanned code: a device's model (`pid/{id}`, `{factory}/{model}`, behind any host, decision 027)
 * first; else a link behind one of the app's prefixes opens its route, as the same in-app path would
 * (decision 042); else a device form naming no model this app knows, or nothing of ours.
 */
export function scanTarget(text: string, profiles: readonly LinkProfile[], ownHost?: string): ScanTarget {
  const link = parseDeviceLink(text);
  const profileId = link ? resolveDeviceLink(link, profiles) : undefined;
  if (profileId) return { kind: 'model', profileId };
  const deviceForm = link?.kind === 'pid' || (link?.kind === 'factory' && FACTORIES.includes(link.factory));
  if (!deviceForm) {
    const app = appLinkTarget(text, { ownHost });
    if (app) return { kind: 'route', path: app.path };
  }
  return link ? { kind: 'unknownModel' } : { kind: 'notHestia' };
}
