import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

/**
 * Crash tests that run real worker processes against PostgreSQL (TEST_DATABASE_URL): `.ci/run` runs
 * them after the integration suite. Not part of the default projects: PGlite is single-process.
 */
export default defineProject({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    name: "server-chaos",
    environment: "node",
    include: ["src/**/*.chaos.ts"],
    // Each file runs its own worker processes and SMSCs: one file at a time on two cores.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
