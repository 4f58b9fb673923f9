import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    setupFiles: ["./test/setup.ts"],
    // Form journeys with user-event take a few seconds in jsdom; on 2 busy cores the 5 s default
    // timed out while every assertion held.
    testTimeout: 20_000,
  },
});
