import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Web test files share their worker's module graph (vitest.config.ts, isolate: false): React, the
 * router, i18next with both catalogues, MSW and Testing Library are imported once per worker instead
 * of once per file, about four fifths of the project's CPU (ADR 79). Each file still gets its own
 * jsdom, and test/setup.ts puts back what a test may change in the shared modules (the language).
 *
 * Two kinds of file run in the `web-isolated` project (vitest.isolated.config.ts), each file with a
 * module graph and a jsdom of its own:
 * - a file that replaces a module (vi.mock / vi.doMock);
 * - a file that runs a page's inline script (`new Function(script)()`): the script's listeners on
 *   `document` cannot be removed, and the files after it in the worker would run under them (the
 *   pre-hydration guard held and replayed the sign-in of login.test.tsx).
 * The split is read from the files themselves, so no list is kept by hand.
 */
const web = fileURLToPath(new URL(".", import.meta.url));
const NEEDS_ITS_OWN_WORKER = /\bvi\.(?:mock|doMock)\(|\bnew Function\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(web, path)] : [];
  });
}

export const WEB_TESTS = ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"];

export const ISOLATED_TESTS = [...testFiles(join(web, "app")), ...testFiles(join(web, "scripts"))].filter(
  (file) => NEEDS_ITS_OWN_WORKER.test(readFileSync(join(web, file), "utf8")),
);

export const webTest = {
  environment: "jsdom" as const,
  setupFiles: ["./test/setup.ts"],
  // Form journeys with user-event take a few seconds in jsdom; on 2 busy cores the 5 s default
  // timed out while every assertion held.
  testTimeout: 20_000,
};

export const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
