/**
 * The catalogue's one error type. `code` says what kind of failure it is: `invalid_write` for a
 * refused command, `invalid_argument` / `out_of_range` from the codec, or an error code of the
 * catalogue (e.g. `rule.cooking_in_progress`) when a device rule refuses a write.
 */
export class CatalogError extends Error {
  override readonly name = 'CatalogError';
  readonly code: string;
  constructor(message: string, code = 'invalid_write') {
    super(message);
    this.code = code;
  }
}
