import { curtainModels } from './families/curtain/models.ts';
import { plugModels } from './families/plug/models.ts';
import { switchModels } from './families/switch/models.ts';
import type { KeyDef, ModelProfile } from './types.ts';

export const profiles: readonly ModelProfile[] = [...switchModels, ...plugModels, ...curtainModels];

const byId = new Map(profiles.map((p) => [p.id, p]));

export function getProfile(id: string): ModelProfile | undefined {
  return byId.get(id);
}

export function keyOf(profile: ModelProfile, key: string): KeyDef | undefined {
  return profile.keys.find((k) => k.key === key);
}

/** Keys a device reports, the ones a live subscription asks for. */
export function reportedKeys(profile: ModelProfile): string[] {
  return profile.keys.filter((k) => k.access !== 'w').map((k) => k.key);
}
