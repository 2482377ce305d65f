import { errorCatalog } from '@hestia/contract/light';

/** A failed call, with the wrapper's message and statusCode (spec section 8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly statusCode: number,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** True for failures of the network itself (no answer, or none in time), which keep the session (spec section 4). */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof ApiError && (err.message === 'network error' || err.message === 'timeout');
}

/** The server's answer to a token it no longer takes (expired, or its session ended): 401. */
export function isTokenRejected(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.statusCode === errorCatalog.TOKEN_INVALID.status &&
    err.message === errorCatalog.TOKEN_INVALID.message
  );
}

/** The error a session ends with when a refresh answers without a token. */
export function sessionExpiredError(): ApiError {
  return new ApiError(errorCatalog.TOKEN_INVALID.message, errorCatalog.TOKEN_INVALID.status);
}
