import { type ModelProfile, optionSetId } from '@hestia/catalog';
import { paramMessage } from './catalog-text.ts';

/** A tree of message ids with empty texts: the shape every language's `catalog` texts must have. */
export interface CatalogSkeleton {
  catalog: {
    params: Record<string, ''>;
    keys: Record<string, ''>;
    groups: Record<string, ''>;
    options: Record<string, Record<string, ''>>;
  };
}

const sorted = (ids: Iterable<string>): Record<string, ''> =>
  Object.fromEntries([...new Set(ids)].sort().map((id) => [id, ''] as const));

/**
 * The ids of the `catalog` texts the catalogue asks for: every key's standalone name (numbered keys
 * by their shared message), every key's panel title, every group, and every value of every enum
 * key, under the option set the catalogue gives it in its family (option-names.ts).
 */
export function catalogSkeleton(profiles: readonly ModelProfile[]): CatalogSkeleton {
  const keys = profiles.flatMap((p) => p.keys);
  const options: Record<string, Record<string, ''>> = {};
  for (const p of profiles) {
    for (const k of p.keys) {
      const set = k.kind === 'enum' && k.values ? optionSetId(p.family, k.key) : undefined;
      if (!set || !k.values) continue;
      options[set] = sorted([...Object.keys(options[set] ?? {}), ...k.values.map(String)]);
    }
  }
  return {
    catalog: {
      params: sorted(keys.map((k) => paramMessage(k.key, 'en', () => true)?.id ?? k.key)),
      keys: sorted(keys.map((k) => k.title.replace(/^keys\./, ''))),
      groups: sorted(keys.map((k) => k.group ?? 'status')),
      options: Object.fromEntries(
        Object.keys(options)
          .sort()
          .map((b) => [b, options[b] ?? {}]),
      ),
    },
  };
}
