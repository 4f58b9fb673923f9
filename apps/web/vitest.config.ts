import { defineProject } from "vitest/config";
import { alias, REPLACES_MODULES, WEB_TESTS, webTest } from "./vitest.shared";

export default defineProject({
  resolve: { alias },
  test: { ...webTest, name: "web", include: WEB_TESTS, exclude: REPLACES_MODULES, isolate: false },
});
