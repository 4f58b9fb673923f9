import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest leaves one of the 2 cores to itself by default; the suite waits on PGlite and jsdom
    // in the workers, so two of them finish sooner (measured: 1,030 s with one, 660 s with two).
    maxWorkers: 2,
    projects: [
      "packages/*/vitest.config.ts",
      "apps/*/vitest.config.ts",
      "apps/server/vitest.isolated.config.ts",
      "apps/web/vitest.isolated.config.ts",
      "scripts/vitest.config.mjs",
    ],
  },
});
