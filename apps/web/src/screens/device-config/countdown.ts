/** The 3-minute configuration window (spec section 9) as the status screen counts it down. */

export const WINDOW_SECONDS = 180;

/** Whole seconds left until `expiresAt` (ms), never below 0. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** `m:ss`, as a countdown reads. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The steps the status screen shows, in order. */
export const STEPS = ['sent', 'joining', 'registering', 'done'] as const;
export type Step = (typeof STEPS)[number];

/** A device joins its Wi-Fi in a few seconds (decision 025: 1.5 s); past this it is registering. */
export const JOIN_SECONDS = 8;

/**
 * Where the pairing stands: the credentials were sent `elapsed` seconds ago; `found` once the device is
 * the user's (transferred); `expired` when the window ran out without it.
 */
export function stepOf(elapsed: number, found: boolean): Step {
  if (found) return 'done';
  return elapsed < JOIN_SECONDS ? 'joining' : 'registering';
}

/** What the device's access point said of its last attempt, in the words the screen shows. */
export type FailureReason = 'wrong_password' | 'unsupported_band' | 'not_found' | 'broker_refused';
const REASONS: readonly string[] = ['wrong_password', 'unsupported_band', 'not_found', 'broker_refused'];
export const isFailureReason = (v: unknown): v is FailureReason =>
  typeof v === 'string' && REASONS.includes(v);
