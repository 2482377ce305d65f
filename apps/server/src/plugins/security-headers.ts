import type { FastifyInstance } from 'fastify';

/**
 * The page's Content-Security-Policy (issue 22): scripts from the app's own origin only (no inline
 * script: the first load's preload script is a file of its own), WebAssembly for the QR-code reader,
 * inline styles (style attributes and the toaster's style element). The app talks to its own origin
 * and its sockets, and, while a device is being added, to the device's own address on its access
 * point (spec: the web build reaches the device over HTTP at an address the user gives), so
 * connect-src allows http: and https: addresses; nothing else leaves the origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss: http: https:",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What the page may use: the camera (QR codes), location (automations) and the microphone (voice commands), nothing else. */
export const PERMISSIONS_POLICY =
  'camera=(self), geolocation=(self), microphone=(self), usb=(), serial=(), bluetooth=(), payment=(), midi=()';

/** The headers every answer carries (installed with the wrapper's error handling, api.ts). */
export function installSecurityHeaders(app: FastifyInstance): void {
  // On every answer, the app's pages and the API alike: no guessing of content types, no address
  // (a share link's token) sent on to another site, no framing by another site.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Only over TLS (a proxy in front that terminates it says so to a server that trusts it).
    if (req.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
