import { defineProject } from "vitest/config";

// *.pg.test.ts need a real PostgreSQL server; they join the suite when TEST_DATABASE_URL is set.
const include = ["src/**/*.test.ts"];
const exclude = process.env.TEST_DATABASE_URL ? [] : ["src/**/*.pg.test.ts"];

export default defineProject({
  test: { name: "db", environment: "node", include, exclude, testTimeout: 30_000, hookTimeout: 60_000 },
});
