import { defineProject } from "vitest/config";
import { MOCKS_MODULES, serverTest } from "./vitest.shared";

export default defineProject({
  test: {
    ...serverTest,
    name: "server",
    include: ["src/**/*.test.ts"],
    exclude: MOCKS_MODULES,
    isolate: false,
  },
});
