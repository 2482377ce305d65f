import fc from 'fast-check';

/**
 * Values for fuzzing the API (issue 22): arbitraries built from a route's JSON Schema (the contract's
 * zod schemas through `z.toJSONSchema`), mostly well-shaped so that a body passes validation and
 * reaches the handler, mixed with hostile values anywhere in the tree.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Strings an attacker tries: SQL and path fragments, NUL, lone surrogates, markup, huge text. */
export const hostileStrings = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, meant literally.
  '${jndi:ldap://127.0.0.1/a}',
  '%00',
  '__proto__',
  'constructor',
  '',
  ' ',
  '\u202e',
  'ﷺ'.repeat(300),
  'x'.repeat(70_000),
];

/** Numbers at the edges: zero, negative, past 2^53, past int32, fractions where integers are wanted. */
export const hostileNumbers = [
  0,
  -1,
  -0.5,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  5e-324,
];

/** Any value at all, of any JSON type, with prototype keys among the object keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...hostileStrings),
  fc.constantFrom<unknown>(...hostileNumbers),
  fc.constantFrom<unknown>(null, true, false, [], {}, [[[]]], { __proto__: { isAdmin: true } }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}')),
  fc.jsonValue({ maxDepth: 3 }),
);

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid(),
  email: fc.emailAddress(),
  'date-time': fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  date: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  uri: fc.webUrl(),
  url: fc.webUrl(),
};

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const fmt = s.format ? FORMATS[s.format] : undefined;
  if (fmt) return fmt;
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 200));
    } catch {
      // A pattern fast-check cannot read: plain strings below.
    }
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 80));
  return fc.string({ minLength, maxLength });
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
  const min = Math.max(lo, -Number.MAX_SAFE_INTEGER);
  const max = Math.max(min, Math.min(hi, Number.MAX_SAFE_INTEGER));
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value shaped by the schema, at depth `depth`. */
export function wellShaped(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => wellShaped(a, depth + 1)));
  if (s.allOf?.length) return wellShaped(Object.assign({}, ...s.allOf) as JsonSchema, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return numberOf(s, true);
    case 'number':
      return numberOf(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => wellShaped(p, depth + 1)));
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 6));
      return fc.array(wellShaped(s.items ?? {}, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = wellShaped(v, depth + 1);
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 });
      return fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
    }
    default:
      return hostileValue;
  }
}

/** Replace one node of a well-shaped value with a hostile one (or add a prototype key beside it). */
function mutate(value: unknown, pick: number, replacement: unknown): unknown {
  if (value === null || typeof value !== 'object') return replacement;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  if (entries.length === 0) return replacement;
  const [key, child] = entries[pick % entries.length] as readonly [string, unknown];
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  const next = pick % 3 === 0 ? replacement : mutate(child, Math.floor(pick / 3), replacement);
  (copy as Record<string, unknown>)[key] = next;
  return copy;
}

/**
 * One input for a schema: well shaped (half the time), well shaped with one node made hostile, or
 * hostile through and through.
 */
export function fuzzValue(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!s) return fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, hostileValue);
  const shaped = wellShaped(s);
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    {
      weight: 4,
      arbitrary: fc.tuple(shaped, fc.nat(), hostileValue).map(([v, pick, bad]) => mutate(v, pick, bad)),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** JSON text no parser should choke on: nesting far past any limit, huge numbers, duplicated keys. */
export const hostileJsonTexts = [
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"n": 1e999}',
  '{"n": -1e999}',
  '{"a":1,"a":2,"__proto__":{"x":1}}',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '{',
  'null',
  '"just a string"',
  '[]',
  '',
];
