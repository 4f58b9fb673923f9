// First: msw extends the global Request it finds when it loads.
import "./jsdom-uploads";
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import "../app/lib/i18n.ts";
import { networkProblems, server } from "./msw";

// The answers come through the real client and MSW: on two busy cores the first one of a file took
// over a second, the default wait of findBy*/waitFor.
configure({ asyncUtilTimeout: 5_000 });

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
