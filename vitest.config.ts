import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite runs in-process and is CPU-bound, but a quarter of a test's time is spent waiting (a sign-up's
    // fixed 500 ms, a throttled sign-in, a spawned process): a third worker fills some of it on two cores (the
    // API files alone took 346 s with two workers; every file, 338 s with three). On a PostgreSQL server
    // (scripts/with-postgres.mjs) the database works in its own processes and the tests mostly wait for it:
    // four workers took the API tests from 164 s to 117 s on two cores, its connections well under the
    // server's 200.
    maxWorkers: process.env.TEST_DATABASE_URL ? 4 : 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'src/server/lib/**/*.test.ts',
            'src/server/modules/front-doors.test.ts',
            'eslint/**/*.test.js',
          ],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/remove-temp-folders.ts'],
        },
      },
      {
        test: {
          name: 'api',
          // The files of one worker share its modules, loaded once (about 1.2 s a file otherwise): every store's
          // state lives in the app buildApp returns and in its database, both made fresh for each file, and the
          // console.error check and its spy are set up again for each file (decision 109).
          isolate: false,
          globalSetup: ['tests/setup/migrated-database.ts'],
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/lib/**', 'src/server/modules/front-doors.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/remove-temp-folders.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
