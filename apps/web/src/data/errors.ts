import { ApiError, isNetworkFailure } from '@hestia/client';
import { type ErrorCode, errorCatalog, messages } from '@hestia/contract/light';
import type { TFunction } from 'i18next';
import { i18n } from '../i18n/index.ts';

/** Server message text to its translation key, from the contract's two message lists. */
const keyByMessage = new Map<string, string>([
  ...(Object.keys(errorCatalog) as ErrorCode[]).map(
    (code) => [errorCatalog[code].message, `errors.${code}`] as const,
  ),
  ...Object.entries(messages).map(([name, text]) => [text, `errors.auth.${name}`] as const),
  ['network error', 'errors.network'],
  ['timeout', 'errors.timeout'],
]);

/** Validation failures arrive as `field: message`; the message alone is what may be known. */
const FIELD_PREFIX = /^[\w.]+: /;

/**
 * The user-facing text of a failed call: the translation when the server's message is one the contract
 * knows, the server's own message otherwise (spec section 8).
 */
export function errorText(err: unknown, t: TFunction): string {
  if (err instanceof ApiError && err.message) {
    const key = keyByMessage.get(err.message) ?? keyByMessage.get(err.message.replace(FIELD_PREFIX, ''));
    // A code the contract adds later shows the server's English until it is translated here.
    if (key && i18n.exists(key)) return t(key as 'errors.INTERNAL');
    return err.message;
  }
  return t('errors.INTERNAL');
}

/** True for failures of the network itself, which keep the session (spec section 4). */
export { isNetworkFailure };

/** 401 (or a missing token) ends the session; 1015 also resets every store (spec section 8). */
export function sessionEndOf(err: unknown): 'logout' | 'reset' | null {
  if (!(err instanceof ApiError)) return null;
  if (err.statusCode === 1015) return 'reset';
  if (err.statusCode === 401 || err.message === errorCatalog.TOKEN_MISSING.message) return 'logout';
  return null;
}

/** Queries retry up to 3 times, never on 401 or 404 (spec section 7). */
export function shouldRetry(failureCount: number, err: unknown): boolean {
  if (
    err instanceof ApiError &&
    (err.statusCode === 401 || err.statusCode === 404 || err.statusCode === 1015)
  )
    return false;
  return failureCount < 3;
}
