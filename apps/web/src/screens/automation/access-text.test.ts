import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { accessText } from './access-text.ts';

const t = ((key: string) => key) as unknown as TFunction;
const id = '0b6f1c2e-8a1d-4c3b-9f3e-2d7a1b5c9e40';

describe('a run refused for lack of access', () => {
  it('shows the server’s refusals (apps/server run-access.ts) in the user’s words, nothing else', () => {
    expect(accessText(`No access to device ${id}: it was removed or is no longer shared with you`, t)).toBe(
      'automation.history.noAccess',
    );
    expect(accessText(`Device ${id} is shared with you for viewing only: not written`, t)).toBe(
      'automation.history.viewOnly',
    );
    expect(accessText('Not sent: another device of this run may not be used', t)).toBe(
      'automation.history.notSentOther',
    );
    expect(accessText(`Remote ${id} was removed from this IR blaster: nothing sent`, t)).toBe(
      'automation.history.remoteRemoved',
    );
    expect(accessText('OK', t)).toBeNull();
    expect(accessText('Disturbance in communication with the device.', t)).toBeNull();
    expect(accessText(null, t)).toBeNull();
  });
});
