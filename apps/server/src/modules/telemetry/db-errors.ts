/**
 * SQLSTATE classes that say the rows themselves are wrong (22 data exception, 23 integrity
 * constraint, 54 program limit exceeded): the same rows would fail on every retry.
 */
const DATA_ERROR = /^(22|23|54)/;

/** The database's error code, looking through drizzle's wrapper. */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isDataError = (err: unknown): boolean => DATA_ERROR.test(sqlState(err) ?? '');

/**
 * A database error as log fields: its code and the database's own message (at most 200
 * characters), never the statement or its parameters. Drizzle's wrapper carries both in its
 * message, so the innermost cause's message is taken, and a wrapper without a cause says no more
 * than that a statement failed. Plain fields rather than an `err` object: the logger's error
 * serializer prints an object that is not an Error as "[object Object]".
 */
export function dbErrorFields(err: unknown): { code?: string; error: string } {
  let e = err;
  for (let i = 0; i < 8 && e && typeof e === 'object' && (e as { cause?: unknown }).cause; i++)
    e = (e as { cause: unknown }).cause;
  const o = (e && typeof e === 'object' ? e : {}) as { message?: unknown; query?: unknown; params?: unknown };
  const message =
    o.params !== undefined || o.query !== undefined
      ? 'database statement failed'
      : typeof o.message === 'string'
        ? o.message
        : typeof e === 'string'
          ? e
          : 'unknown error';
  const code = sqlState(err);
  return code ? { code, error: message.slice(0, 200) } : { error: message.slice(0, 200) };
}

/** Halves `items` until the parts `write` refuses with a data error are single items. */
export async function isolate<T>(
  items: T[],
  write: (part: T[]) => Promise<void>,
): Promise<{ dropped: T[]; err?: unknown }> {
  if (items.length === 0) return { dropped: [] };
  if (items.length > 1) {
    const mid = items.length >> 1;
    const a = await isolateOrWrite(items.slice(0, mid), write);
    const b = await isolateOrWrite(items.slice(mid), write);
    return { dropped: [...a.dropped, ...b.dropped], err: a.err ?? b.err };
  }
  return isolateOrWrite(items, write);
}

async function isolateOrWrite<T>(
  items: T[],
  write: (part: T[]) => Promise<void>,
): Promise<{ dropped: T[]; err?: unknown }> {
  try {
    await write(items);
    return { dropped: [] };
  } catch (err) {
    if (!isDataError(err)) throw err;
    return items.length === 1 ? { dropped: items, err } : isolate(items, write);
  }
}
