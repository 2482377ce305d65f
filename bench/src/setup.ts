import { createServer, type HestiaServer, hashPassword, loadConfig, UserRepository } from '@hestia/server';

export const BENCH_PASSWORD = 'BenchPass1';

/** The operator's database limits (DB_SHARED_BUFFERS_MB…) from the environment, so a run can compare them. */
const databaseLimits = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('DB_')));

/** A server on free ports, quiet, without the demo home; in-memory PGlite unless `env` says otherwise. */
export function startBenchServer(env: Record<string, string> = {}): Promise<HestiaServer> {
  return createServer(
    loadConfig({
      ...databaseLimits(),
      PORT: '0',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DEMO: 'off',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      // One bench user makes thousands of calls a second on purpose: no per-user request budget.
      USER_REQUESTS_PER_SECOND: '0',
      ...env,
    }),
  );
}

/** A user whose devices the benchmark creates; its password is BENCH_PASSWORD. */
export async function benchUser(server: HestiaServer, email: string) {
  return new UserRepository(server.database.db).create({
    email,
    passwordHash: await hashPassword(BENCH_PASSWORD),
  });
}
