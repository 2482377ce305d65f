import { getProfile, type ModelProfile } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { curtainName, curtainsOf } from './curtain-keys.ts';

const profile = (id: string) => getProfile(id) as ModelProfile;

describe('curtains of a model', () => {
  it('a single curtain reads curtain_percentage and is driven by its own requests', () => {
    expect(curtainsOf(profile('curtain-single'))).toEqual([
      {
        n: 1,
        position: 'curtain_percentage',
        setpoint: 'positionsetpoint',
        open: 'open_request_1',
        close: 'close_request_1',
        pause: 'pause_request_1',
      },
    ]);
  });

  it('the six-relay and triple models have three curtains, each with a name and an enable flag', () => {
    for (const id of ['curtain-six-relay', 'curtain-triple']) {
      const curtains = curtainsOf(profile(id));
      expect(curtains.map((c) => c.n)).toEqual([1, 2, 3]);
      expect(curtains[2]).toMatchObject({
        position: 'position_3',
        setpoint: 'positionsetpoint_3',
        name: 'curtain_name3',
        enable: 'curtain_enable_3',
      });
    }
    expect(curtainsOf(profile('curtain-double'))).toHaveLength(2);
  });

  it("a curtain's name is the user's, not the factory name the device starts with", () => {
    const p = profile('curtain-six-relay');
    expect(curtainName(p, { curtain_name2: 'Curtain 2' }, 'curtain_name2')).toBe('');
    expect(curtainName(p, { curtain_name2: ' Balcony ' }, 'curtain_name2')).toBe('Balcony');
    expect(curtainName(p, {}, 'curtain_name2')).toBe('');
    expect(curtainName(p, { curtain_name2: 'Balcony' }, undefined)).toBe('');
  });
});
