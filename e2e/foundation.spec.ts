import { createVerifiedUser } from "./support/accounts";
import { expect, test } from "./support/test";

test("Thai by default, switch to English, stay English after reload, real 404", async ({ page, context }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");

  await page.getByTestId("language-switcher").first().click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const cookie = (await context.cookies()).find((c) => c.name === "locale");
  expect(cookie?.value).toBe("en");
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

  await page.reload();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.goto("/");
  await expect(page).toHaveURL(/\/en$/);

  const missing = await page.goto("/en/this-does-not-exist");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/en");
});

test("browser language is detected on / only", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/en$/);
  const thai = await page.goto("/clients/packages");
  expect(thai?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await context.close();
});

test("a Thai 404 page links home in Thai", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "ไม่พบหน้านี้" })).toBeVisible();
  await expect(page.getByRole("link", { name: "ไปหน้าแรก" })).toHaveAttribute("href", "/");
});

test("app pages need a session and redirect to the localized login", async ({ page }) => {
  await page.goto("/en/contacts/12/edit");
  // The page asked for comes back after signing in.
  await expect(page).toHaveURL(/\/en\/login\?next=%2Fcontacts%2F12%2Fedit$/);
});

test("a signed-in shell shows the sidebar rules, breadcrumb and version", async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await page.goto("/en/reports/messages");
  await expect(page).toHaveURL(/\/en\/login\?next=%2Freports%2Fmessages$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel(/^E-mail or phone number/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // Back to the page asked for, not the dashboard.
  await expect(page).toHaveURL(/\/en\/reports\/messages$/);
  await expect(page.getByTestId("user-menu")).toHaveAccessibleName(/Malee Test/);
  await page.goto("/en/reports/messages");
  const nav = page.getByRole("navigation", { name: "Main menu" });
  // The page asked for its own code at once (ADR 126), from React Router's manifest: its global is
  // no public API, so an upgrade that changes it fails here.
  const preload = await page.evaluate(() => {
    type Manifest = { routes: Record<string, { path?: string; module: string }> };
    const routes = (window as unknown as { __reactRouterManifest?: Manifest }).__reactRouterManifest?.routes;
    const own = Object.values(routes ?? {}).find((r) => r.path === "/en/reports/messages")?.module;
    const links = [
      ...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][data-route-preload]'),
    ];
    return { own, preloaded: links.map((l) => new URL(l.href).pathname) };
  });
  expect(preload.own).toMatch(/^\/assets\/.+\.js$/);
  expect(preload.preloaded).toContain(preload.own);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Reports");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Message report");
  await expect(page.getByTestId("app-version")).toHaveText("V1.5.3");
  await expect(nav.getByText("Organization")).toHaveCount(0);
  await expect(nav.getByText("Surveys")).toHaveAttribute("aria-disabled", "true");
  const reports = nav.getByRole("button", { name: "Reports" });
  const messages = nav.getByRole("button", { name: "Messages" });
  await expect(reports).toHaveAttribute("aria-expanded", "true");
  await messages.click();
  await expect(messages).toHaveAttribute("aria-expanded", "true");
  await expect(reports).toHaveAttribute("aria-expanded", "false");
});
