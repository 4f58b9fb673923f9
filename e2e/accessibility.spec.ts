/// <reference lib="dom" />
import { createRequire } from "node:module";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { type Locale, localizePath, ROUTES, type RouteDef } from "@sms/domain/routes";
import type { AxeResults, RunOptions } from "axe-core";
import { concrete, prepareRouteData, type RouteData } from "./support/route-data";
import { ADMIN, holdAdminSession } from "./support/staff";

/**
 * Issue 24 point 11 (ADR 60): axe-core finds no serious or critical violation on any page of the
 * product: the entry pages signed out (opened directly), every customer page signed in and every
 * back-office page as staff, Thai at 375 px and English at 1280 px (the review's two devices).
 * The /dev pages are left out: they exist only outside production, and /dev/ui shows every
 * component state side by side (error and disabled samples included) for developers.
 *
 * Fast by design: one browser context per group of pages, axe injected once per document (an init
 * script) and the app's own router moving between pages, so a page costs its render and one axe run.
 */

const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const VIEWPORTS = { th: { width: 375, height: 812 }, en: { width: 1280, height: 900 } } as const;
const LOCALES: Locale[] = ["th", "en"];
/** Impacts that fail the check; moderate and minor findings are left to review. */
const FAILING = ["serious", "critical"];

const ENTRY = ROUTES.filter((r) => r.key === "home" || r.layout === "auth");
const CUSTOMER = ROUTES.filter((r) => r.layout === "admin");
const BACKOFFICE = ROUTES.filter((r) => r.layout === "backoffice");

/** One violation on one element; the same element on several pages is reported once (see `report`). */
type Finding = { path: string; rule: string; element: string };

/**
 * The findings grouped by rule and element: `serious color-contrast (…) at button[…] [why] on /a, /b`.
 * A shared component (the top bar) then reads as one line, not one per page.
 */
function report(findings: Finding[]): string[] {
  const pages = new Map<string, string[]>();
  for (const f of findings) {
    const key = `${f.rule} at ${f.element}`;
    pages.set(key, [...(pages.get(key) ?? []), f.path]);
  }
  return [...pages].map(([key, paths]) => `${key} on ${paths.join(", ")}`);
}

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

/**
 * Whether the page has stopped loading: a heading in main, nothing marked busy, no skeleton and no
 * running finite animation (a fading toast or a dimmed table would be measured mid-way). Put in
 * every document beside axe.
 */
const QUIET_SCRIPT = `window.__a11yQuiet = () => {
  if (!document.querySelector("main h1, main h2, [role=dialog] h2")) return false;
  if (document.querySelector('[aria-busy="true"], .animate-pulse')) return false;
  return document.getAnimations().every(
    (a) => a.effect?.getTiming().iterations === Infinity || a.playState !== "running",
  );
};`;
type QuietWindow = { __a11yQuiet: () => boolean };

/**
 * Waits until the page is quiet. A page that stays busy fails here: it is what a person who opens
 * it directly would be left with.
 */
async function settled(page: Page, what: string) {
  await page
    .waitForFunction(() => (window as unknown as QuietWindow).__a11yQuiet(), null, {
      timeout: 10_000,
      polling: 50,
    })
    .catch(() => {
      throw new Error(`${what} did not settle in 10 s (still loading or no heading)`);
    });
}

/**
 * Settles, then audits; a run during which the page started loading again (a list refetching
 * dims its rows for a moment) is thrown away and repeated, at most three times.
 */
async function check(page: Page, what: string): Promise<Finding[]> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await settled(page, what);
    const { findings, quiet } = await audit(page, what);
    if (quiet) return findings;
  }
  throw new Error(`${what} kept loading again while it was checked`);
}

/**
 * Runs axe on the page as it is and returns its serious and critical findings. Only the rules that
 * can report such a finding run (axe's default set less its experimental rules, 64 of 90 in axe
 * 4.14): the moderate and minor ones, `region` above all, cost about half of each run and could not
 * fail the check. The list is read from axe's own metadata (each check's impact), so a new axe
 * version brings its new rules.
 */
async function audit(page: Page, path: string): Promise<{ findings: Finding[]; quiet: boolean }> {
  const { results, quiet } = await page.evaluate(async (failing) => {
    type Check = { metadata?: { impact?: string } };
    type Rule = {
      id: string;
      enabled: boolean;
      impact?: string;
      tags: string[];
      any: unknown[];
      all: unknown[];
      none: unknown[];
    };
    const axe = (
      window as unknown as {
        axe: {
          run: (o: RunOptions) => Promise<AxeResults>;
          _audit: { rules: Rule[]; checks: Record<string, Check> };
        };
      }
    ).axe;
    const impactOf = (rule: Rule) => [
      rule.impact,
      ...[...rule.any, ...rule.all, ...rule.none].map(
        (c) => axe._audit.checks[typeof c === "string" ? c : (c as { id: string }).id]?.metadata?.impact,
      ),
    ];
    const rules = axe._audit.rules
      .filter((r) => r.enabled !== false && !r.tags.includes("experimental"))
      .filter((r) => impactOf(r).some((impact) => impact && failing.includes(impact)))
      .map((r) => r.id);
    // Anything marked busy during the run (a refetch that starts and ends inside it) spoils it.
    let stirred = false;
    const observer = new MutationObserver(() => {
      stirred ||= document.querySelector('[aria-busy="true"]') !== null;
    });
    observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ["aria-busy"] });
    const results = await axe.run({ runOnly: { type: "rule", values: rules }, resultTypes: ["violations"] });
    observer.disconnect();
    return { results, quiet: !stirred && (window as unknown as QuietWindow).__a11yQuiet() };
  }, FAILING);
  const findings = results.violations
    .filter((v) => FAILING.includes(v.impact ?? ""))
    .flatMap((v) =>
      v.nodes.map((n) => ({
        path,
        rule: `${v.impact} ${v.id} (${v.help})`,
        // Generated ids (react-aria's) differ per page load: the element's markup names it instead.
        element: `${n.html
          .replace(/\s+/g, " ")
          .replace(/ id="[^"]*"/g, "")
          .slice(0, 160)} [${(n.failureSummary ?? "")
          .replace(/\s+/g, " ")
          .replace(/^Fix (any|all) of the following: /, "")
          .slice(0, 200)}]`,
      })),
    );
  return { findings, quiet };
}

/** Moves inside the running app the way a link does: no reload, axe stays injected. */
async function navigate(page: Page, path: string) {
  await page.evaluate(
    (to) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate(to),
    path,
  );
  await expect(page).toHaveURL((url) => url.pathname === path.split("?")[0]);
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

test("the check fails on a serious violation (axe is loaded and its findings are read)", async ({
  browser,
}) => {
  const context = await newContext(browser, "en");
  const page = await context.newPage();
  await page.setContent(
    `<main><h1>Sample</h1><p style="color:#aaa;background:#fff">Low contrast</p><button></button></main>`,
  );
  const found = report(await check(page, "sample")).join("\n");
  expect(found).toContain("serious color-contrast");
  expect(found).toContain("critical button-name");
  await context.close();
});

test("entry pages signed out, opened directly (th 375 px, en 1280 px): no serious or critical axe violation", async ({
  browser,
}) => {
  const findings: Finding[] = [];
  for (const locale of LOCALES) {
    const context = await newContext(browser, locale);
    const page = await context.newPage();
    for (const route of ENTRY) {
      const path = localizePath(route.path, locale);
      await page.goto(path);
      findings.push(...(await check(page, path)));
    }
    await context.close();
  }
  expect(report(findings)).toEqual([]);
});

/** One customer and its rows per worker, shared by every part of both locales' walks. */
let customer: Promise<RouteData> | null = null;
/** The customer pages are walked in parts that the two workers share and that each fit the test timeout on a busy machine. */
const PARTS = 2;

for (const locale of LOCALES) {
  for (let part = 0; part < PARTS; part++) {
    test(`customer pages signed in (${locale}, ${VIEWPORTS[locale].width} px, part ${part + 1} of ${PARTS}): no serious or critical axe violation`, async ({
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

test("back-office pages as staff (en 1280 px, th 375 px): no serious or critical axe violation", async ({
  browser,
  request,
}) => {
  customer ??= prepareRouteData(request, "a11y admin");
  const { ids } = await customer;
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
