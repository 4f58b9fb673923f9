import { defineProject } from "vitest/config";
import { MOCKS_MODULES, serverTest } from "./vitest.shared";

export default defineProject({
  test: {
    ...serverTest,
    name: "server",
    include: ["src/**/*.test.ts"],
    // *.pg.test.ts need a real PostgreSQL server; they join the suite when TEST_DATABASE_URL is set.
    // *.pglite.test.ts test what only the embedded database has (the test databases' lender).
    exclude: [
      ...MOCKS_MODULES,
      process.env.TEST_DATABASE_URL ? "src/**/*.pglite.test.ts" : "src/**/*.pg.test.ts",
    ],
    isolate: false,
  },
});
