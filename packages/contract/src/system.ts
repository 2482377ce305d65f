// The server's own state and the app's logs (issue 25), without zod: constants the web app's
// first-load code reads through `@hestia/contract/light`. The schemas are in routes-system.ts.

/**
 * The white-label company header (spec section 7: "an extra company header is sent in one white-label
 * flavour"): the flavour's company id, set when the web app is built (VITE_FLAVOUR). The server picks
 * the company's name, colours and support contact by it (`GET branding`; docs/decisions/042).
 */
export const COMPANY_HEADER = 'x-company';

/** How long the app waits for `alive` before it counts the server unreachable (spec section 7). */
export const ALIVE_TIMEOUT_MS = 2000;

/** The same message from the same client is taken once in this window (spec section 7). */
export const LOG_THROTTLE_MS = 2000;

/**
 * The basic authorization the app sends with its logs (spec section 7), `user:password`, unless the
 * server's LOG_CREDENTIALS says otherwise. It ships in the app, so it keeps out strangers' scanners,
 * not a determined sender: the throttle and the row cap are what bound the cost (decision 037).
 */
export const DEFAULT_LOG_CREDENTIALS = 'hestia-app:hestia-logs';
