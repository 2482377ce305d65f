import type { GeoPoint } from '@hestia/automation';

/**
 * Current weather at a point. `condition` is the WMO weather interpretation code (0 clear sky,
 * 1–3 cloud, 45/48 fog, 51–67 drizzle and rain, 71–77 snow, 80–82 showers, 95–99 thunderstorm).
 */
export interface WeatherReading {
  /** °C */
  temperature: number;
  /** Relative humidity, % */
  humidity: number;
  /** WMO weather code */
  condition: number;
  /** m/s, when the provider gives it */
  windSpeed?: number;
}

/** Where weather conditions get their readings from. */
export interface WeatherProvider {
  current(point: GeoPoint): Promise<WeatherReading>;
}

export class WeatherUnavailable extends Error {
  override readonly name = 'WeatherUnavailable';
}

/**
 * Speaks Open-Meteo's forecast API (`WEATHER_URL`, e.g. https://api.open-meteo.com/v1/forecast, or
 * any service answering in its shape): `current` temperature, humidity, weather code and wind.
 */
export function httpWeatherProvider(baseUrl: string, timeoutMs = 10_000): WeatherProvider {
  return {
    async current(point) {
      const url = new URL(baseUrl);
      url.searchParams.set('latitude', String(point.latitude));
      url.searchParams.set('longitude', String(point.longitude));
      url.searchParams.set('current', 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m');
      url.searchParams.set('wind_speed_unit', 'ms');
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        throw new WeatherUnavailable(`weather provider unreachable: ${(err as Error).message}`);
      }
      if (!res.ok) throw new WeatherUnavailable(`weather provider answered ${res.status}`);
      const body = (await res.json().catch(() => null)) as { current?: Record<string, unknown> } | null;
      const c = body?.current;
      const num = (k: string) => (typeof c?.[k] === 'number' ? (c[k] as number) : undefined);
      const temperature = num('temperature_2m');
      const humidity = num('relative_humidity_2m');
      const condition = num('weather_code');
      if (temperature === undefined || humidity === undefined || condition === undefined)
        throw new WeatherUnavailable('weather provider gave no current temperature, humidity and code');
      const windSpeed = num('wind_speed_10m');
      return { temperature, humidity, condition, ...(windSpeed === undefined ? {} : { windSpeed }) };
    },
  };
}

/**
 * Readings set by hand: the provider when no WEATHER_URL is configured (weather conditions then
 * never hold until something sets a reading) and the one tests drive.
 */
export function localWeatherProvider(): WeatherProvider & {
  set(reading: WeatherReading | null): void;
} {
  let reading: WeatherReading | null = null;
  return {
    async current() {
      if (!reading) throw new WeatherUnavailable('no weather provider configured (set WEATHER_URL)');
      return reading;
    },
    set(next) {
      reading = next;
    },
  };
}
