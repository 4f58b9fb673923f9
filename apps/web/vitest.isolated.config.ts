import { defineProject } from "vitest/config";
import { alias, REPLACES_MODULES, webTest } from "./vitest.shared";

export default defineProject({
  resolve: { alias },
  test: { ...webTest, name: "web-isolated", include: REPLACES_MODULES },
});
