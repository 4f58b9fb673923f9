import { defineProject } from "vitest/config";
import { MOCKS_MODULES, serverTest } from "./vitest.shared";

export default defineProject({
  test: { ...serverTest, name: "server-isolated", include: MOCKS_MODULES },
});
