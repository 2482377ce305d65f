import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PUSH_SERVICES, loadConfig } from './config.ts';
import { dataDirError } from './db/data-dir.ts';
import { pgliteDefaults, pgliteSettingsOf, postgresSettings } from './db/pglite-settings.ts';

/** Issue 27: a setting that is wrong says which one and how, in words. */
describe('settings', () => {
  const scaled = {
    DATABASE_URL: 'postgres://u@127.0.0.1:5432/hestia',
    MQTT_URL: 'mqtt://127.0.0.1:1883',
    REDIS_URL: 'redis://127.0.0.1:6379',
  };

  it('embedded without the three, scaled with all three', () => {
    expect(loadConfig({}).mode).toBe('embedded');
    expect(loadConfig(scaled).mode).toBe('scaled');
  });

  it('names the scaled settings that are missing', () => {
    expect(() => loadConfig({ DATABASE_URL: scaled.DATABASE_URL })).toThrow(
      /MQTT_URL and REDIS_URL are not set/,
    );
    expect(() => loadConfig({ ...scaled, REDIS_URL: undefined })).toThrow(/; REDIS_URL is not set/);
  });

  it('says a database address is not a PostgreSQL one', () => {
    const err = (() => {
      try {
        loadConfig({ ...scaled, DATABASE_URL: 'mysql://u@127.0.0.1/hestia' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(
      'DATABASE_URL must start with postgres:// or postgresql:// (it starts with mysql://)',
    );
    expect(() => loadConfig({ ...scaled, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL must start/,
    );
  });

  it('says in words why a data directory cannot be used', () => {
    const file = Object.assign(new Error('EEXIST: file already exists'), { code: 'EEXIST' });
    expect(dataDirError('/tmp/x', file).message).toBe(
      'Cannot use the data directory /tmp/x: a file, not a directory, is in the way (EEXIST); set DATA_DIR to a writable directory',
    );
    const odd = Object.assign(new Error('odd'), { code: 'EWHAT' });
    expect(dataDirError('/tmp/x', odd).message).toMatch(/: it cannot be written \(EWHAT\)/);
  });

  it('takes CORS_ORIGINS as origins only', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example.com, http://localhost:5173' }).corsOrigins).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example.com/app' })).toThrow(/not an origin/);
    expect(() => loadConfig({ CORS_ORIGINS: 'a.example.com' })).toThrow(ConfigError);
  });

  it('takes MQTT_SHARE_GROUP as one topic level of 1 to 64 characters, hestia by default', () => {
    expect(loadConfig(scaled).MQTT_SHARE_GROUP).toBe('hestia');
    for (const good of ['site-b', 'Hestia_2.prod', 'خانه', 'x'.repeat(64)])
      expect(loadConfig({ ...scaled, MQTT_SHARE_GROUP: good }).MQTT_SHARE_GROUP, good).toBe(good);
    for (const bad of ['', 'a/b', 'a+', '#', 'tab\there', 'x'.repeat(65)])
      expect(() => loadConfig({ ...scaled, MQTT_SHARE_GROUP: bad }), bad).toThrow(
        new ConfigError(
          'Setting MQTT_SHARE_GROUP is not valid: 1 to 64 characters, none of / + # nor control characters',
        ),
      );
  });

  it("takes PUSH_SERVICES as host names or http://host, the browsers' services by default", () => {
    expect(loadConfig({}).pushServices.map((s) => s.host)).toEqual([...DEFAULT_PUSH_SERVICES]);
    expect(loadConfig({ PUSH_SERVICES: 'push.example.com, http://127.0.0.1' }).pushServices).toEqual([
      { host: 'push.example.com', http: false },
      { host: '127.0.0.1', http: true },
    ]);
    for (const bad of ['https://push.example.com', 'push.example.com/path', 'http://a:80', '*.example.com'])
      expect(() => loadConfig({ PUSH_SERVICES: bad }), bad).toThrow(/PUSH_SERVICES: .* is not a host name/);
  });

  it('takes the embedded database limits from DB_* settings, the budget of decision 024 by default', () => {
    expect(pgliteSettingsOf(loadConfig({}))).toEqual(pgliteDefaults);
    const tuned = pgliteSettingsOf(
      loadConfig({ DB_SHARED_BUFFERS_MB: '64', DB_WORK_MEM_MB: '8', DB_MAX_WAL_MB: '256' }),
    );
    expect(tuned).toMatchObject({ sharedBuffersMb: 64, workMemMb: 8, maxWalSizeMb: 256 });
    expect(postgresSettings(tuned)).toMatchObject({
      shared_buffers: '64MB',
      work_mem: '8MB',
      max_wal_size: '256MB',
    });
    expect(() => loadConfig({ DB_SHARED_BUFFERS_MB: '0' })).toThrow(/DB_SHARED_BUFFERS_MB is not valid/);
    expect(() => loadConfig({ DB_MAX_WAL_MB: 'lots' })).toThrow(ConfigError);
  });
});
