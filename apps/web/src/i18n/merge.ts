type Tree = { readonly [key: string]: unknown };

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Merge translation trees key by key, later trees winning on leaves, so each feature keeps its own
 * locale files and still lands in the one `translation` namespace.
 */
export function mergeTranslations<A extends Tree, B extends Tree>(a: A, b: B): A & B {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const current = out[key];
    out[key] = isTree(current) && isTree(value) ? mergeTranslations(current, value) : value;
  }
  return out as A & B;
}
