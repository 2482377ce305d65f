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

/**
 * One language's translation namespace from its locale files (`locales/{lang}.json` first, then each
 * feature's `locales/{feature}/{lang}.json`), keyed by path as `import.meta.glob` gives them. A new
 * feature folder is picked up without being listed anywhere.
 */
export function bundleOf(files: Record<string, object>): Tree {
  const paths = Object.keys(files).sort(
    (a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b),
  );
  return paths.reduce<Tree>((acc, path) => mergeTranslations(acc, files[path] as Tree), {});
}
