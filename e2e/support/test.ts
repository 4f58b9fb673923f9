import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

/**
 * Playwright's `test`, and every journey's: a context a test opens itself (`browser.newContext()`,
 * for a second person or a locale) is closed when the test ends. Playwright closes only the contexts
 * of its own `context` and `page` fixtures; the others stayed open for the rest of the worker's run,
 * their pages still polling the server and repainting (a failed test's screenshots showed 16 pages
 * of earlier tests in one worker's browser). biome.json makes the specs import `test` from here.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close({ reason: "Test ended." })),
      );
    },
    { auto: true },
  ],
});
