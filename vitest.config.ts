import { defineConfig } from "vitest/config";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ["{apps,packages,scripts,bench}/**/*.test.{ts,tsx}"],
    // *.pg.test.ts need a PostgreSQL server: they run in `npm run test:pg`, with TEST_DATABASE_URL.
    exclude: ["**/node_modules/**", ...(onPostgres ? [] : ["**/*.pg.test.ts"])],
    globalSetup: ["packages/db/src/testing/global-setup.ts"],
    setupFiles: ["vitest.setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
