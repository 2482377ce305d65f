/**
 * Personal data out of a log line before it is stored (spec section 7: user values are `{name}`,
 * `{email}`, `{phone}`): e-mail addresses, phone numbers, tokens (JWTs, bearer and basic
 * credentials, long opaque keys) and passwords in `key=value` or `"key": "value"` form. UUIDs
 * (device and user ids) and ISO times stay: they name no person and are what makes a log useful.
 */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const AUTH_HEADER = /\b(Bearer|Basic)\s+[\w.~+/=-]{8,}/gi;
const SECRET_FIELD =
  /(["']?\b(?:password|passwd|pwd|secret|token|refreshToken|accessToken|apiKey|api_key|otp|code)\b["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&}]+)/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** Seven to fifteen digits, maybe led by + or (, in groups split by spaces, dashes, dots or brackets. */
const PHONE = /(?<![\w.])[+(]?\d(?:[\s.()-]{0,2}\d){6,14}(?![\w])/g;
/** A long run of letters and digits with both in it: an access token, an API key, a recovery code. */
const OPAQUE = /\b(?=[A-Za-z_-]*\d)(?=[\d_-]*[A-Za-z])[\w-]{24,}\b/g;

/** `text` with personal data replaced by `{email}`, `{phone}`, `{token}` and `{secret}`. */
export function redact(text: string): string {
  // Kept aside (as private-use markers) while the rest is replaced, then put back.
  const kept: string[] = [];
  const keep = (m: string) => `\ue000${kept.push(m) - 1}\ue001`;
  let out = text.replace(UUID, keep).replace(ISO_TIME, keep);
  out = out
    .replace(JWT, '{token}')
    .replace(AUTH_HEADER, (_m, kind: string) => `${kind} {token}`)
    .replace(SECRET_FIELD, (_m, key: string) => `${key}{secret}`)
    .replace(EMAIL, '{email}')
    .replace(PHONE, '{phone}')
    .replace(OPAQUE, '{token}');
  return out.replace(/\ue000(\d+)\ue001/g, (m, i: string) => kept[Number(i)] ?? m);
}
