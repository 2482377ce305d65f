import { defineFamily } from '../../family.ts';
import { request, status, text } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { KeyDef } from '../../types.ts';

const EVENT_MS = 60_000;

/**
 * Door locks report events with user, date and open method (spec section 3): event 0 none,
 * 1 opened, 2 locked, 3 failed attempt; user type 0 admin, 1 user, 2 guest; open method
 * 0 fingerprint, 1 password, 2 card, 3 mobile. Numbering chosen.
 */
function lockKeys(methods: readonly number[]): KeyDef[] {
  return [
    status('event', [0, 1, 2, 3], { sim: { type: 'event', everyMs: EVENT_MS, cycle: [1, 2, 1, 3, 2] } }),
    status('user_type', [0, 1, 2], {
      source: 'chosen',
      sim: { type: 'event', everyMs: EVENT_MS, cycle: [0, 1, 2] },
    }),
    status('user_number', [1, 2, 3, 4, 5], {
      source: 'chosen',
      sim: { type: 'event', everyMs: EVENT_MS, cycle: [1, 2, 3, 4, 5] },
    }),
    status('open_method', [0, 1, 2, 3], {
      source: 'chosen',
      sim: { type: 'event', everyMs: EVENT_MS, cycle: methods },
    }),
    text('event_date', 'r', '', { source: 'chosen' }),
    status('bell', [0, 1], { sim: { type: 'event', everyMs: 150_000, cycle: [1, 0] } }),
    request('unlock', 'control', { source: 'chosen' }),
  ].map((k) => (k.key === 'event_date' ? { ...k, sim: { type: 'stamp', everyMs: EVENT_MS } } : k));
}

const locks = [
  ['door-lock-fingerprint-password', 'fingerprint-password', [0, 1, 3]],
  ['door-lock-fingerprint-card', 'fingerprint-card', [0, 2, 3]],
  ['door-lock-full', 'full', [0, 1, 2, 3]],
  ['door-lock-card-password', 'card-password', [1, 2, 3]],
  ['door-lock-mortise-full', 'mortise-full', [0, 1, 2, 3]],
] as const;

export default defineFamily({
  id: 'door_lock',
  models: locks.map(([id, variant, methods]) =>
    defineModel({
      id,
      deviceType: 'door-lock',
      variant,
      features: ['events', 'lock'],
      parts: lockKeys(methods),
      route: route('door-lock', 'given', ['id']),
      errors: ['device.error', 'motor.P7'],
    }),
  ),
});
