/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { type Locale, localizePath, ROUTES, type RouteDef } from "@sms/domain/routes";
import { AXE_SOURCE, check, type Finding, QUIET_SCRIPT, report } from "./support/axe";
import { concrete, prepareRouteData, type RouteData } from "./support/route-data";
import { ADMIN, holdAdminSession } from "./support/staff";
import { expect, test } from "./support/test";

/**
 * Issue 24 point 11 (ADR 60, ADR 73): axe-core finds no moderate, serious or critical violation on any page of the
 * product: the entry pages signed out (opened directly), every customer page signed in and every
 * back-office page as staff, Thai at 375 px and English at 1280 px (the review's two devices).
 * The /dev pages are left out: they exist only outside production, and /dev/ui shows every
 * component state side by side (error and disabled samples included) for developers.
 *
 * Fast by design: one browser context per group of pages, axe injected once per document (an init
 * script) and the app's own router moving between pages (History API), so a page costs its render
 * and one axe run.
 */

const VIEWPORTS = { th: { width: 375, height: 812 }, en: { width: 1280, height: 900 } } as const;
const LOCALES: Locale[] = ["th", "en"];

const ENTRY = ROUTES.filter((r) => r.key === "home" || r.layout === "auth");
const CUSTOMER = ROUTES.filter((r) => r.layout === "admin");
const BACKOFFICE = ROUTES.filter((r) => r.layout === "backoffice");

/** A browser context of `locale`'s device with axe in every document, signed in when `tokens` are given. */
async function newContext(
  browser: Browser,
  locale: Locale,
  tokens?: { token: string },
  baseURL = test.info().project.use.baseURL ?? "",
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[locale],
    locale: locale === "th" ? "th-TH" : "en-US",
    // The session as the sign-in page leaves it (lib/session.ts), without loading a page to write it.
    storageState: tokens
      ? {
          cookies: [],
          origins: [{ origin: baseURL, localStorage: [{ name: "session", value: JSON.stringify(tokens) }] }],
        }
      : undefined,
  });
  await context.addInitScript({ path: AXE_SOURCE });
  await context.addInitScript({ content: QUIET_SCRIPT });
  return context;
}

/** Moves inside the running app without a reload, as a link does: axe stays injected. */
async function navigate(page: Page, path: string) {
  // Already there (the page the walk opened with): no navigation. A synthetic popstate to the
  // address the app is still settling on once left its router loading for good (the bar never
  // ended, seen in CI under load): nothing a person does, and nothing this walk needs.
  if (await page.evaluate((to) => window.location.pathname === to && !window.location.search, path)) return;
  // The page shown now; the address changes a render before the next page commits, so the walk
  // waits for this one to leave as well (axe would otherwise read the page before).
  const shown = await page.evaluateHandle(
    (to) =>
      window.location.pathname === to ? null : (document.querySelector("main")?.firstElementChild ?? null),
    path.split("?")[0],
  );
  // The browser's History API, no reload: a new entry, then the event the back button fires, which
  // the app's router follows to whatever the address now is (no React Router internals, ADR 90).
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path.split("?")[0]);
  await page.waitForFunction((element) => element === null || !element.isConnected, shown);
}

/**
 * Walks `routes` of one locale in a signed-in page already showing an app page; returns findings.
 * Each page is also held to routes.spec.ts' rules, which leaves these pages to this walk: it stays
 * at its address in the page's language, shows the app's frame and a heading, is no placeholder,
 * and nothing on it logs an error.
 */
async function walk(page: Page, routes: readonly RouteDef[], locale: Locale, ids: Record<string, number>) {
  const findings: Finding[] = [];
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (error) => consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
  for (const route of routes) {
    const path = localizePath(concrete(route.path, ids), locale);
    await navigate(page, path);
    findings.push(...(await check(page, path)));
    await expect(page.locator("html"), path).toHaveAttribute("lang", locale);
    await expect(page.getByTestId("app-version"), path).toBeVisible();
    await expect(page.locator("main"), path).not.toContainText(/coming soon|เร็ว ๆ นี้/i);
  }
  expect(consoleErrors).toEqual([]);
  return findings;
}

test("the check fails on a moderate or serious violation (axe is loaded and its findings are read)", async ({
  browser,
}) => {
  const context = await newContext(browser, "en");
  const page = await context.newPage();
  await page.setContent(
    `<main><h1>Sample</h1><p style="color:#aaa;background:#fff">Low contrast</p><button></button>` +
      `<section aria-label="Twice"><p>One</p></section><section aria-label="Twice"><p>Two</p></section></main>` +
      `<p>Outside every landmark</p>`,
  );
  const found = report(await check(page, "sample")).join("\n");
  expect(found).toContain("serious color-contrast");
  expect(found).toContain("critical button-name");
  expect(found).toContain("moderate landmark-unique");
  expect(found).toContain("moderate region");
  await context.close();
});

test("the check repeats a run during which the page was replaced (a navigation committing under axe)", async ({
  browser,
}) => {
  const context = await newContext(browser, "en");
  const page = await context.newPage();
  await page.setContent(
    `<html lang="en"><head><title>Before</title></head><body><main><section><h1>The page before</h1><p>Text</p></section></main></body></html>`,
  );
  // The next page commits while axe walks this one, as a client-side navigation can.
  await page.evaluate(() => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const run = axe.run.bind(axe);
    const runs = { count: 0 };
    (window as unknown as { runs: typeof runs }).runs = runs;
    axe.run = (...args: unknown[]) => {
      runs.count += 1;
      const result = run(...args);
      if (runs.count === 1)
        queueMicrotask(() => {
          const main = document.querySelector("main");
          if (main) main.innerHTML = "<section><h1>The page after</h1><p>Text</p></section>";
        });
      return result;
    };
  });
  expect(report(await check(page, "replaced"))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { runs: { count: number } }).runs.count)).toBe(2);
  await context.close();
});

// One test per language: the two walks together took 54 s of the 60 s budget on a quiet machine and
// missed it whenever another journey ran beside them.
for (const locale of LOCALES) {
  test(`entry pages signed out, opened directly (${locale}, ${VIEWPORTS[locale].width} px): no moderate, serious or critical axe violation`, async ({
    browser,
  }) => {
    const findings: Finding[] = [];
    const context = await newContext(browser, locale);
    const page = await context.newPage();
    for (const route of ENTRY) {
      const path = localizePath(route.path, locale);
      await page.goto(path);
      findings.push(...(await check(page, path)));
    }
    await context.close();
    expect(report(findings)).toEqual([]);
  });
}

/** One customer and its rows per worker, shared by every part of both locales' walks. */
let customer: Promise<RouteData> | null = null;
/**
 * The customer pages are walked in parts that the two workers share and that each fit the test
 * timeout on a busy machine (four since the moderate rules run too: `region` is about a third of a run).
 */
const PARTS = 4;

for (const locale of LOCALES) {
  for (let part = 0; part < PARTS; part++) {
    test(`customer pages signed in (${locale}, ${VIEWPORTS[locale].width} px, part ${part + 1} of ${PARTS}): no moderate, serious or critical axe violation`, async ({
      browser,
      request,
    }) => {
      customer ??= prepareRouteData(request, `a11y ${locale}`);
      const { tokens, ids } = await customer;
      const context = await newContext(browser, locale, tokens);
      const page = await context.newPage();
      await page.goto(localizePath("/dashboard", locale));
      await expect(page.getByTestId("user-menu")).toBeVisible();
      const routes = CUSTOMER.filter((_, i) => i % PARTS === part);
      const findings = await walk(page, routes, locale, ids);
      await context.close();
      expect(report(findings)).toEqual([]);
    });
  }
}

test("back-office pages as staff (en 1280 px, th 375 px): no moderate, serious or critical axe violation", async ({
  browser,
  request,
}) => {
  customer ??= prepareRouteData(request, "a11y admin");
  const { ids, tokens: customerTokens } = await customer;
  // Something waits in the queues, so their rows and action buttons are checked too (an empty
  // queue hid a white-on-emerald approve button at 3.6:1 until another journey left a request).
  const waitingName = `A11y${Date.now().toString(36).slice(-6)}`;
  const waiting = await request.post("/api/v1/c/senders", {
    headers: { authorization: `Bearer ${customerTokens.token}` },
    data: {
      name: waitingName,
      company_name: "Malee Shop Co., Ltd.",
      type: "marketing",
      account_type: "juristic",
      evidence_url: "https://shop.example.com/about",
      example_message: "Your order has shipped. Thank you for shopping with Malee Shop.",
    },
  });
  expect(waiting.status()).toBe(201);
  const asked = await request.post("/api/v1/c/contact-us", {
    data: { name: "Somsri Jaidee", email: "somsri@example.com", topic: "sales", message: "Please call me." },
  });
  expect(asked.status()).toBe(202);
  const findings: Finding[] = [];
  const release = await holdAdminSession();
  try {
    const login = await request.post("/api/v1/c/guest/login", {
      data: { username: ADMIN.email, password: ADMIN.password },
    });
    expect(login.status()).toBe(200);
    const tokens = (await login.json()).data;
    try {
      for (const locale of ["en", "th"] as const) {
        const context = await newContext(browser, locale, tokens);
        const page = await context.newPage();
        await page.goto(localizePath("/admin", locale));
        await expect(page.getByTestId("user-menu")).toBeVisible();
        findings.push(...(await walk(page, BACKOFFICE, locale, ids)));
        // The request was in the queue the walk checked, with its approve button.
        await navigate(page, localizePath("/admin/senders", locale));
        const row = page.locator("tbody tr, [data-testid=data-card]").filter({ hasText: waitingName });
        await expect(row.locator("[data-testid^='approve-']")).toBeVisible();
        await context.close();
      }
    } finally {
      await request.post("/api/v1/c/me/logout", { headers: { authorization: `Bearer ${tokens.token}` } });
    }
  } finally {
    await release();
  }
  expect(report(findings)).toEqual([]);
});
