import { defineProject } from "vitest/config";
import { MOCKS_MODULES, serverTest } from "./vitest.shared";

export default defineProject({
  test: {
    ...serverTest,
    name: "server",
    include: ["src/**/*.test.ts"],
    // *.pg.test.ts need a real PostgreSQL server; they join the suite when TEST_DATABASE_URL is set.
    exclude: [...MOCKS_MODULES, ...(process.env.TEST_DATABASE_URL ? [] : ["src/**/*.pg.test.ts"])],
    isolate: false,
  },
});
