import { familyRegistry } from './families/index.ts';
import { linkKeys } from './link.ts';
import type { FamilyId, KeyDef, ModelProfile } from './types.ts';

export const profiles: readonly ModelProfile[] = familyRegistry.flatMap((f) => f.models);
const byId = new Map(profiles.map((p) => [p.id, p]));

export function getProfile(id: string): ModelProfile | undefined {
  return byId.get(id);
}

export function keyOf(profile: ModelProfile, key: string): KeyDef | undefined {
  return profile.keys.find((k) => k.key === key);
}

/** Keys a device reports, the ones a live subscription asks for: its model's and its link's (router, signal). */
export function reportedKeys(profile: ModelProfile): string[] {
  return [...profile.keys, ...linkKeys(profile)].filter((k) => k.access !== 'w').map((k) => k.key);
}

/** Every family, in catalogue order. */
export const families: readonly FamilyId[] = familyRegistry.map((f) => f.id);
