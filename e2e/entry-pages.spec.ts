import type { Page } from "@playwright/test";
import { type Locale, localizePath } from "@sms/domain/routes";
import { createVerifiedUser } from "./support/accounts";
import { expect, test } from "./support/test";

/** Issue 9: /login, /register and /forgot are prerendered in both languages, then hydrate. */
const PAGES = (["login", "register", "forgot"] as const).flatMap((key) =>
  (["th", "en"] as Locale[]).map((locale) => ({ key, locale, path: localizePath(`/${key}`, locale) })),
);

const hydrated = (page: Page) => expect(page.locator("html[data-hydrated]")).toBeAttached();

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

for (const { key, locale, path } of PAGES) {
  test(`${path} is prerendered with its form and SEO links, then hydrates cleanly`, async ({
    page,
    request,
    browser,
  }) => {
    const raw = await request.get(path);
    expect(raw.status()).toBe(200);
    const html = await raw.text();
    expect(html).toContain(`<html lang="${locale}"`);
    expect(html).toMatch(/<h1\b[^>]*>[^<]{3,}<\/h1>/);
    expect(html).toMatch(/<form\b[\s\S]*<input\b[\s\S]*<\/form>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{10,}"/);
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+"/);
    for (const lang of ["th", "en", "x-default"]) expect(html).toContain(`hrefLang="${lang}"`);
    // Unlike the marketing pages, these hydrate into the app.
    expect(html).toContain("window.__reactRouterContext");
    // Nothing but the HTML and CSS stands before the first paint: the app's modules are not
    // preloaded, and are fetched only once the page has loaded (scripts/defer-hydration.mjs).
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script\b[^>]*\bsrc="[^"]+\.js"/);

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const still = await noScript.newPage();
    await still.goto(path);
    await expect(still.locator("h1")).toBeVisible();
    await expect(still.locator("form input").first()).toBeVisible();
    await noScript.close();

    const errors = consoleErrors(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const early = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const loadedAt = nav?.loadEventStart ?? 0;
      return performance
        .getEntriesByType("resource")
        .filter((r) => r.name.endsWith(".js") && r.startTime < loadedAt)
        .map((r) => r.name);
    });
    expect(early, "scripts fetched before the load event").toEqual([]);
    expect(errors, `${key} ${locale}`).toEqual([]);
  });
}

test("login works after hydration; a signed-in visitor is sent on to the dashboard", async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request);
  const errors = consoleErrors(page);
  await page.goto("/en/login");
  await hydrated(page);
  await page.getByLabel(/^E-mail or phone number/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  // A document load of the prerendered /login with a stored session leaves for the dashboard.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).not.toHaveURL(/\/en\//);
  expect(errors).toEqual([]);
});

test("a submit before hydration is held back, not sent by the browser", async ({ page }) => {
  // The app's code never arrives: the prerendered form must not fall back to a GET with the password.
  await page.route("**/assets/**/*.js", (route) => route.abort());
  await page.goto("/en/login");
  await page.locator("input[type=password]").fill("secret-password");
  await page.locator("form button[type=submit]").click();
  await expect(page.locator("h1")).toBeVisible();
  expect(page.url()).not.toContain("secret-password");
  expect(new URL(page.url()).pathname).toBe("/en/login");
});
