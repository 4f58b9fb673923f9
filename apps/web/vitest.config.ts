import { defineProject } from "vitest/config";
import { alias, ISOLATED_TESTS, WEB_TESTS, webTest } from "./vitest.shared";

export default defineProject({
  resolve: { alias },
  test: { ...webTest, name: "web", include: WEB_TESTS, exclude: ISOLATED_TESTS, isolate: false },
});
