import { z } from 'zod';

/** How deep free-form JSON in a request may nest: `{"a": {"b": [1]}}` is 3 deep. */
export const MAX_JSON_DEPTH = 8;
/** How large free-form JSON in a request may be, serialized as UTF-8. */
export const MAX_JSON_BYTES = 16 * 1024;

/**
 * Depth of nested objects and arrays in a value, counted without recursion, giving up (returning
 * `limit + 1`) as soon as it passes `limit`, so a value 10,000 deep costs no more than one 9 deep.
 */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    const d = depth + 1;
    if (d > limit) return limit + 1;
    if (d > deepest) deepest = d;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d]);
  }
  return deepest;
}

/** Bytes of `value` as JSON text in UTF-8 (undefined and functions count as nothing). */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value);
  return text === undefined ? 0 : new TextEncoder().encode(text).length;
}

/** A string that holds JSON text (as condition metadata may): what it holds, else undefined. */
function heldJson(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * Free-form JSON in a request body (an automation condition's `metadata`, a command's `params`),
 * bounded: at most `maxDepth` nested objects and arrays and `maxBytes` of JSON text. Anything
 * larger is refused with a 400 before it is stored, so no reader of it later (the database, the
 * analysis of automations, a list of them) meets a value too deep to handle. A string holding
 * JSON text is measured as the JSON it holds.
 */
export function boundedJson(opts: { maxDepth?: number; maxBytes?: number } = {}) {
  const maxDepth = opts.maxDepth ?? MAX_JSON_DEPTH;
  const maxBytes = opts.maxBytes ?? MAX_JSON_BYTES;
  return z.unknown().superRefine((value, ctx) => {
    const held = heldJson(value);
    if (
      jsonDepth(value, maxDepth) > maxDepth ||
      (held !== undefined && jsonDepth(held, maxDepth) > maxDepth)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `Nested too deep: at most ${maxDepth} levels of objects and arrays`,
      });
      return;
    }
    if (jsonBytes(value) > maxBytes)
      ctx.addIssue({ code: 'custom', message: `Too large: at most ${maxBytes / 1024} KiB of JSON` });
  });
}
