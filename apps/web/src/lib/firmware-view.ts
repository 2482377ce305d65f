import type { FirmwareStatus } from '@hestia/contract';

/**
 * What the firmware screen shows (spec section 4: new version available, downloading with percent,
 * downloaded, installing, updating, updated, failed, up to date), from the device's firmware status.
 */
export type FirmwarePhase =
  | 'upToDate'
  | 'available'
  | 'starting'
  | 'downloading'
  | 'downloaded'
  | 'verifying'
  | 'installing'
  | 'updated'
  | 'failed';

/** An update under way longer than this is 'taking longer than expected'. */
export const FIRMWARE_SLOW_MS = 3 * 60_000;

const RUNNING: Partial<Record<NonNullable<FirmwareStatus['state']>, FirmwarePhase>> = {
  INITIATED: 'starting',
  DOWNLOADING: 'downloading',
  DOWNLOADED: 'downloaded',
  VERIFYING: 'verifying',
  UPDATING: 'installing',
};

export interface FirmwareView {
  phase: FirmwarePhase;
  /** An update is under way (the button waits, the screen polls). */
  running: boolean;
  /** Under way for longer than expected. */
  slow: boolean;
  /** Download percent while downloading. */
  progress: number | null;
  /** The failure's reason: a known kind (translated) or the device's own words. */
  failure: { kind: 'size' | 'checksum' | 'other'; text: string | null } | null;
  /** The owner may start an update (or try again) now. */
  canUpdate: boolean;
}

export function firmwareView(s: FirmwareStatus, now: number): FirmwareView {
  const running = s.state ? RUNNING[s.state] : undefined;
  const phase: FirmwarePhase = running
    ? running
    : s.state === 'FAILED'
      ? 'failed'
      : s.available
        ? 'available'
        : s.state === 'UPDATED'
          ? 'updated'
          : 'upToDate';
  const since = s.requestedAt ?? s.stateTs;
  const error = s.error ?? '';
  return {
    phase,
    running: running !== undefined,
    slow: running !== undefined && since !== null && now - since > FIRMWARE_SLOW_MS,
    progress: phase === 'downloading' ? (s.progress ?? 0) : null,
    failure:
      phase === 'failed'
        ? {
            kind: error.startsWith('SIZE_ERROR')
              ? 'size'
              : error.startsWith('CHECKSUM_ERROR')
                ? 'checksum'
                : 'other',
            text: s.error,
          }
        : null,
    canUpdate: s.owner && s.online && s.available !== null && running === undefined,
  };
}
