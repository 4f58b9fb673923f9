// First: msw extends the global Request it finds when it loads.
import "./jsdom-uploads";
import "@testing-library/jest-dom/vitest";
import { DEFAULT_LOCALE } from "@sms/domain/routes";
import { cleanup, configure } from "@testing-library/react";
import i18next from "i18next";
import { toast } from "sonner";
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
// Test files share their worker's modules and its jsdom (vitest.shared.ts, ADR 79). Each file starts
// as it did with a window of its own: at "/", empty storage, a bare <html>, the default
// language and no toast left over from the file before.
function freshWindow() {
  window.history.replaceState(null, "", "/");
  localStorage.clear();
  sessionStorage.clear();
  for (const { name } of [...document.documentElement.attributes])
    document.documentElement.removeAttribute(name);
  document.title = "";
  toast.dismiss();
}
beforeAll(async () => {
  // A file may run in Vitest's node environment (`// @vitest-environment node`): no window then.
  if (typeof window !== "undefined") freshWindow();
  if (i18next.language !== DEFAULT_LOCALE) await i18next.changeLanguage(DEFAULT_LOCALE);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  const problems = networkProblems.splice(0);
  if (problems.length > 0) throw new Error(`The network of this test:\n${problems.join("\n")}`);
});
afterAll(() => server.close());
