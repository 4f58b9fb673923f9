import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import "../app/lib/i18n.ts";
import { networkProblems, server } from "./msw";

// A request no handler answers is a test that does not know what its component sends: it fails.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      networkProblems.push(`no handler answered ${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(() => {
  cleanup();
  server.resetHandlers();
  const problems = networkProblems.splice(0);
  if (problems.length > 0) throw new Error(`The network of this test:\n${problems.join("\n")}`);
});
afterAll(() => server.close());
