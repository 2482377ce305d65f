/** Hestia's own devices carry `hestia` as their factory; the catalogue calls that brand `generic`. */
export const OWN_FACTORY = 'hestia';

/**
 * The factories a `{factory}/{model}` link may name: the catalogue's brands and Hestia's own. Each gets
 * its own top-level route (`/aria/:model`, ...) rather than one `/:factory/:model`, which would answer
 * every two-segment address and hide the not-found screen (and known-paths' check) behind it. Kept here
 * so the route tree need not load the catalogue (nor the link reader: this module is in the first load);
 * factories.test.ts fails when it falls behind.
 */
export const FACTORIES: readonly string[] = [
  OWN_FACTORY,
  'generic',
  'aria',
  'artel',
  'delta',
  'helia',
  'lilac',
  'nova',
  'orion',
  'pars',
  'sorena',
  'tara',
  'vega',
  'zagros',
];
