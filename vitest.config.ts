import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          setupFiles: ['./vitest.setup.ts'],
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/test/**/*.test.ts'],
          exclude: ['apps/*/test/**/*.scaled.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scaled',
          include: ['apps/*/test/**/*.scaled.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          // One retry for the browser suites: the charts e2e in Persian timed out in 2 of 6 runs on a loaded
          // two-core machine (cause not found yet; see the closing note). A real failure fails twice.
          retry: 1,
          include: ['e2e/specs/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
