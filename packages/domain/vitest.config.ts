import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "domain",
    environment: "node",
    include: ["src/**/*.test.ts"],
    // Pure functions, no vi.mock/stub/fake timers: the files share their worker's module graph, so
    // zod and the contracts are imported once per worker, not once per file (ADR 50).
    isolate: false,
  },
});
