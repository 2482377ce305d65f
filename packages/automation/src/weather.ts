import type { TelemetryValue } from '@hestia/contract';

/**
 * Current weather at the user's location. Readings are looked up by key, for example `temperature`
 * (°C), `humidity` (%), `windSpeed` (m/s) or `condition` ('clear', 'rain', …). The server fetches
 * from a real provider before evaluating, so the engine reads synchronously and stays pure.
 */
export interface WeatherProvider {
  read(key: string): TelemetryValue | undefined;
}

/** A provider of fixed readings: the local provider for tests and for running without a network. */
export function localWeatherProvider(readings: Record<string, TelemetryValue>): WeatherProvider {
  return { read: (key) => (Object.hasOwn(readings, key) ? readings[key] : undefined) };
}
