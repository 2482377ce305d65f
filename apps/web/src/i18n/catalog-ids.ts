import type { ModelProfile } from '@hestia/catalog';
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

/** Selects whose values are words (named under `catalog.options`); the others show their numbers. */
export const NAMED_OPTIONS: ReadonlySet<string> = new Set([
  'channel_action_mode',
  'config_status',
  'fan_speed',
  'relay_memory_mode',
  'summer_winter',
]);

const sorted = (ids: Iterable<string>): Record<string, ''> =>
  Object.fromEntries([...new Set(ids)].sort().map((id) => [id, ''] as const));

/**
 * The ids of the `catalog` texts the catalogue asks for: every key's standalone name (numbered keys
 * by their shared message), every key's panel title, every group, and every value of the selects
 * whose options are named (`named`: the option bases that have names; others show their numbers).
 */
export function catalogSkeleton(
  profiles: readonly ModelProfile[],
  named: ReadonlySet<string> = NAMED_OPTIONS,
): CatalogSkeleton {
  const keys = profiles.flatMap((p) => p.keys);
  const options: Record<string, Record<string, ''>> = {};
  for (const k of keys) {
    const base = k.key.replace(/_?\d+$/, '');
    if (!named.has(base) || !k.values) continue;
    options[base] = sorted([...Object.keys(options[base] ?? {}), ...k.values.map(String)]);
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
