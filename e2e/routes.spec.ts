import { expect, test } from "@playwright/test";
import { localizePath, ROUTES } from "../packages/domain/src/routes";
import { createVerifiedUser } from "./support/accounts";

/**
 * Issue 2: every non-marketing route of spec §2 exists in both locales and renders a page with a
 * heading inside its layout — built pages and coming-soon pages alike. (Marketing pages have their
 * own spec.)
 */
/** `:id` of an organization page is the signed-in user's own organization; other ids are 1. */
const concrete = (path: string, organizationId: number) =>
  path.replace(/^\/organizations\/:id/, `/organizations/${organizationId}`).replace(/:id/g, "1");
const pages = ROUTES.filter((r) => !r.prerender);

test.describe.configure({ mode: "serial" });

for (const locale of ["th", "en"] as const) {
  test(`every app, auth and dev route renders in ${locale}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await createVerifiedUser(request);
    const login = await request.post("/api/v1/c/guest/login", {
      data: { username: user.email, password: user.password },
    });
    const tokens = (await login.json()).data;
    const me = await request.get("/api/v1/c/me", { headers: { authorization: `Bearer ${tokens.token}` } });
    const organizationId = (await me.json()).data.default_organization_id as number;
    const consoleErrors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(`${page.url()}: ${m.text()}`);
    });
    const signedIn = async () => {
      await page.goto(localizePath("/clients/packages", locale));
      await page.evaluate((t) => localStorage.setItem("session", JSON.stringify(t)), tokens);
    };
    await signedIn();

    for (const route of pages) {
      const path = localizePath(concrete(route.path, organizationId), locale);
      const isAuth = route.layout === "auth";
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("html"), path).toHaveAttribute("lang", locale);
      if (route.layout === "admin" || route.layout === "backoffice") {
        await expect(page.getByTestId("app-version"), path).toBeVisible();
      }
      if (!isAuth || route.key === "login") {
        await expect(page.locator("main h1, main h2").first(), path).toBeVisible();
      }
      await expect(page.locator("main"), path).not.toBeEmpty();
    }
    expect(consoleErrors).toEqual([]);
  });
}
