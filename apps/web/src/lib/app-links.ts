/**
 * The app's links (spec section 2, "Link prefixes: a custom app scheme, a local dev host, several
 * product web hosts, and regional app, web, config and QR hosts"): a link behind one of these prefixes
 * opens the same route as the in-app path after it, so `hestia://share/T`,
 * `https://app.eu.hestia.app/share/T` and the app's own `/share/T` are one screen
 * (docs/decisions/042; the device forms `pid/{id}` and `{factory}/{model}` are routes too, 027).
 */

/** The custom scheme, and the form a browser hands a web app registered for it (`web+` schemes only). */
export const APP_SCHEMES: readonly string[] = ['hestia', 'web+hestia'];

/** The product's domain: its web hosts are it and `www.` it; regional hosts are under it. */
export const PRODUCT_DOMAIN: string = (import.meta.env.VITE_LINK_DOMAIN || 'hestia.app').trim().toLowerCase();

/** The kinds of regional host (spec: "regional app, web, config and QR hosts"). */
const REGIONAL_KINDS = ['app', 'web', 'config', 'qr'] as const;

/** Longer than any link we print. */
const MAX_LINK = 2048;

export type LinkHostKind = 'own' | 'dev' | 'product' | 'regional';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which of the app's prefixes a host (with its port) is: the page's own host, the local dev host
 * (localhost, 127.0.0.1, [::1], any port), a product web host, or a regional `{app|web|config|qr}.{region}`
 * host of the product's domain (`app.eu.hestia.app`); null for any other site.
 */
export function linkHostKind(
  host: string,
  ctx: { ownHost?: string | undefined; domain?: string } = {},
): LinkHostKind | null {
  const h = host.toLowerCase();
  if (ctx.ownHost && h === ctx.ownHost.toLowerCase()) return 'own';
  const name = h.replace(/:\d{1,5}$/, '');
  if (name === 'localhost' || name === '127.0.0.1' || name === '[::1]') return 'dev';
  const domain = escapeRegExp(ctx.domain ?? PRODUCT_DOMAIN);
  if (new RegExp(`^(www\\.)?${domain}$`).test(name)) return 'product';
  if (new RegExp(`^(${REGIONAL_KINDS.join('|')})\\.[a-z0-9-]{2,20}\\.${domain}$`).test(name))
    return 'regional';
  return null;
}

/** The in-app route a link opens, and the spec's `info-logs` value it carried (sent as a log, then removed). */
export interface AppLinkTarget {
  /** Path with its query and fragment, as the router takes it (`/share/T`). */
  path: string;
  infoLogs?: string;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The route a link opens: one of the app's prefixes (or none: an in-app path starting with `/`)
 * followed by any of the app's paths. Null for another site's link, another scheme, or text that is
 * not a link (spaces, over 2,048 characters).
 */
export function appLinkTarget(
  input: string,
  ctx: { ownHost?: string | undefined; domain?: string } = {},
): AppLinkTarget | null {
  const text = input.trim();
  if (text === '' || text.length > MAX_LINK || /\s/.test(text)) return null;
  let url: URL;
  try {
    const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
    if (scheme === undefined) {
      if (!text.startsWith('/') || text.startsWith('//')) return null;
      url = new URL(text, 'http://app.invalid');
    } else if (APP_SCHEMES.includes(scheme)) {
      // `hestia://share/T`: what follows the scheme is the path (its "host" is the first segment).
      url = new URL(`/${text.slice(scheme.length + 1).replace(/^\/+/, '')}`, 'http://app.invalid');
    } else if (scheme === 'http' || scheme === 'https') {
      url = new URL(text);
      if (url.username || url.password || linkHostKind(url.host, ctx) === null) return null;
    } else return null;
  } catch {
    return null;
  }
  const path = url.pathname.replace(/\/{2,}/g, '/');
  // `/open` is where links arrive; a link naming it again leads nowhere.
  if (path === '/open' || path.startsWith('/open/')) return null;
  const infoLogs = url.searchParams.get('info-logs') ?? undefined;
  url.searchParams.delete('info-logs');
  const target: AppLinkTarget = { path: `${path}${url.search}${url.hash}` };
  if (infoLogs) target.infoLogs = infoLogs;
  return target;
}
