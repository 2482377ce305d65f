import type { TelemetryValue } from './device.ts';

/** Connection status derived from the `active` key (spec section 4). */
export const ConnectionStatus = {
  NULL: -1,
  Disconnected: 0,
  Connecting: 1,
  Connected: 2,
  ConnectionFailed: 3,
} as const;
export type ConnectionStatus = (typeof ConnectionStatus)[keyof typeof ConnectionStatus];

export function connectionStatusOf(active: TelemetryValue | undefined): ConnectionStatus {
  if (active === undefined) return ConnectionStatus.Connecting;
  return String(active) === 'true' ? ConnectionStatus.Connected : ConnectionStatus.Disconnected;
}
