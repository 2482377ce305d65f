/**
 * Telemetry keys the gateway keeps for a device's connection: users may read them, never write them
 * (ThingsBoard keeps them as server attributes; Hestia as telemetry, decision 019).
 */
export const CONNECTION_KEYS: ReadonlySet<string> = new Set([
  'active',
  'lastConnectTime',
  'lastDisconnectTime',
  'lastActivityTime',
  'inactivityAlarmTime',
]);
