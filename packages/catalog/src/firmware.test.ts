import { describe, expect, it } from 'vitest';
import { firmwareRedDot } from './firmware.ts';
import { getProfile } from './profiles.ts';

const p = (id: string) => {
  const profile = getProfile(id);
  if (!profile) throw new Error(id);
  return profile;
};

describe('firmware', () => {
  it('shows the firmware red dot above version 6, or 10 for the IR remote, unless UPDATED', () => {
    const sw = p('switch-two-pole');
    const ir = p('ir-remote-universal');
    expect(firmwareRedDot(sw, '7.15', 'INITIATED')).toBe(true);
    expect(firmwareRedDot(sw, '6.9', 'INITIATED')).toBe(false);
    expect(firmwareRedDot(sw, '7.15', 'UPDATED')).toBe(false);
    expect(firmwareRedDot(ir, '9.1', 'FAILED')).toBe(false);
    expect(firmwareRedDot(sw, undefined, undefined)).toBe(false);
  });
});
