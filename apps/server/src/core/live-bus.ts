import type { TelemetryValue } from '@hestia/contract';

// The live bus as the modules see it: what they publish and hear. Its two implementations (one
// process, or Redis between instances) are in live/bus.ts, chosen by app.ts.

export interface TelemetryEvent {
  deviceId: string;
  ts: number;
  values: Record<string, TelemetryValue>;
}

/** Attributes of one scope that changed (`values`) or were removed (`deleted`). */
export interface AttributeEvent {
  deviceId: string;
  scope: 'client' | 'shared' | 'server';
  ts: number;
  values: Record<string, TelemetryValue>;
  deleted?: string[];
}

/**
 * What one instance tells the others about a device's connection (scaled mode): it connected or
 * disconnected here, was heard here (at most once per device in a while), was marked inactive, or
 * spoke again after being inactive. The gateway keeps connection state by them (decision 019).
 */
export interface ActivityNotice {
  deviceId: string;
  kind: 'connected' | 'disconnected' | 'heard' | 'inactive' | 'active';
}

/** Fan-out of device telemetry to every server instance (and so to every socket). */
export interface LiveBus {
  publish(event: TelemetryEvent): void;
  subscribe(handler: (event: TelemetryEvent) => void): () => void;
  /** A session ended (logout, terminate, password change): every instance drops its caches and sockets. */
  publishSessionEnded(sessionId: string): void;
  onSessionEnded(handler: (sessionId: string) => void): () => void;
  /** Who may see or control a device changed (share made, changed or revoked; device moved or deleted). */
  publishAccessChanged(deviceId: string): void;
  onAccessChanged(handler: (deviceId: string) => void): () => void;
  /** Device attributes changed (far rarer than telemetry: one message each). */
  publishAttributes(event: AttributeEvent): void;
  onAttributes(handler: (event: AttributeEvent) => void): () => void;
  /** Device activity for the other instances (batched like telemetry; no-op with one instance). */
  publishActivity(notice: ActivityNotice): void;
  /** The other instances' activity notices: an instance never hears its own. */
  onActivity(handler: (notice: ActivityNotice) => void): () => void;
  /**
   * The bus was interrupted (Redis lost) and is back: events of the outage were missed, so caches
   * reload and live sockets are closed for a fresh snapshot. Never called with one process.
   */
  onResumed(handler: () => void): () => void;
  /** Whether events can go out and come in now (`GET health`): always in one process; Redis answers a ping in time. */
  isUp(): Promise<boolean>;
  close(): Promise<void>;
}

/** A device's latest values by key, each with its time: what the cache keeps and sockets are sent. */
export type LatestValues = Map<string, [number, TelemetryValue]>;
