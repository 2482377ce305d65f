import { type ErrorCode, errorCatalog } from '@hestia/contract';

/** The server's one error type: a contract code plus an optional message for the user. */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? errorCatalog[code].message);
  }
}
