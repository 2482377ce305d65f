import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpWeatherProvider, localWeatherProvider, WeatherUnavailable } from './weather.service.ts';

let server: Server;
let base = '';
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const seen: URL[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(new URL(req.url ?? '/', base));
    res.statusCode = answer.status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('weather providers', () => {
  it("reads Open-Meteo's current temperature, humidity, weather code and wind for a point", async () => {
    answer = {
      status: 200,
      body: {
        current: { temperature_2m: 18.4, relative_humidity_2m: 63, weather_code: 61, wind_speed_10m: 4.2 },
      },
    };
    const reading = await httpWeatherProvider(`${base}/v1/forecast?timezone=auto`).current({
      latitude: 35.69,
      longitude: 51.39,
    });
    expect(reading).toEqual({ temperature: 18.4, humidity: 63, condition: 61, windSpeed: 4.2 });
    const url = seen.at(-1);
    expect(url?.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(url?.searchParams ?? [])).toMatchObject({
      latitude: '35.69',
      longitude: '51.39',
      timezone: 'auto',
      wind_speed_unit: 'ms',
    });
  });

  it('reports an error answer, a body without readings and an unreachable service as unavailable', async () => {
    const provider = httpWeatherProvider(`${base}/v1/forecast`);
    const here = { latitude: 0, longitude: 0 };
    answer = { status: 503, body: {} };
    await expect(provider.current(here)).rejects.toThrow(/answered 503/);
    answer = { status: 200, body: { current: { temperature_2m: 20 } } };
    await expect(provider.current(here)).rejects.toBeInstanceOf(WeatherUnavailable);
    await expect(httpWeatherProvider('http://127.0.0.1:1/x').current(here)).rejects.toThrow(/unreachable/);
  });

  it('the local provider gives what was set, and nothing before', async () => {
    const local = localWeatherProvider();
    await expect(local.current({ latitude: 1, longitude: 2 })).rejects.toThrow(/WEATHER_URL/);
    local.set({ temperature: -3, humidity: 90, condition: 71 });
    await expect(local.current({ latitude: 1, longitude: 2 })).resolves.toMatchObject({ temperature: -3 });
  });
});
