import { profiles } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { GENERIC_CONTROL, TAB_NAVIGATOR } from '../routes.ts';
import { controlPaths, controlScreenNamesOf } from './control-paths.ts';
import { controlScreenNames } from './control-screens.ts';

const regenerate = 'run `node --import tsx apps/web/scripts/control-screens.ts`';

describe('control screen paths', () => {
  it('opens the screen the profile names, with deviceProfileId when that screen takes it', () => {
    expect(controlPaths.device('d1', 'switch-two-pole')).toBe(
      `${TAB_NAVIGATOR}/two-pole/d1?deviceProfileId=switch-two-pole`,
    );
    expect(controlPaths.device('d2', 'plug-v4')).toBe(`${TAB_NAVIGATOR}/plugV4/d2?deviceProfileId=plug-v4`);
    expect(controlPaths.device('d3', 'curtain-six-relay')).toBe(
      `${TAB_NAVIGATOR}/six-relay-curtain/d3?deviceProfileId=curtain-six-relay`,
    );
  });

  it('gives id-only screens no profile (relay-channel-controller, scenario-key-screen)', () => {
    expect(controlPaths.device('d4', 'relay-channel-controller-4ch')).toBe(
      `${TAB_NAVIGATOR}/relay-channel-controller/d4`,
    );
    expect(controlPaths.device('d5', 'scenario-key-2')).toBe(`${TAB_NAVIGATOR}/scenario-key-screen/d5`);
  });

  it('falls back to the generic path without a known profile', () => {
    expect(controlPaths.device('d6')).toBe(`${TAB_NAVIGATOR}/${GENERIC_CONTROL}/d6`);
    expect(controlPaths.device('d7', 'no-such-model')).toBe(`${TAB_NAVIGATOR}/${GENERIC_CONTROL}/d7`);
  });

  it('registers every screen name of the catalogue, once', () => {
    for (const p of profiles) expect(controlScreenNames).toContain(p.route.name);
    expect(new Set(controlScreenNames).size).toBe(controlScreenNames.length);
  });

  it(`lists for the route tree exactly the catalogue's screen names (else ${regenerate})`, () => {
    expect(controlScreenNames, regenerate).toEqual(controlScreenNamesOf(profiles));
  });
});
