import { defineProject } from "vitest/config";
import { alias, ISOLATED_TESTS, webTest } from "./vitest.shared";

export default defineProject({
  resolve: { alias },
  test: { ...webTest, name: "web-isolated", include: ISOLATED_TESTS },
});
