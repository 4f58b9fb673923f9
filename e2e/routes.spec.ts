import { type APIRequestContext, expect, test } from "@playwright/test";
import { localizePath, ROUTES } from "../packages/domain/src/routes";
import { createVerifiedUser } from "./support/accounts";
import { approvedSender } from "./support/sending";

/**
 * Issue 2: every non-marketing route of spec §2 exists in both locales and renders a page with a
 * heading inside its layout; issue 15: none of them is a placeholder ("coming soon"). (Marketing
 * pages have their own spec.)
 */
/**
 * `:id` of a page is a row the signed-in user can see (its organization, a contact group, a
 * template and a campaign it made, a sender it may use), keyed by the path before `/:id`, so
 * the page renders without a 404 from the API; other ids are 1.
 */
const concrete = (path: string, ids: Record<string, number>) => {
  const [, first] = /^\/(.+?)\/:id/.exec(path) ?? [];
  return path.replace(/:id/g, String((first && ids[first]) ?? 1));
};
const pages = ROUTES.filter((r) => !r.prerender);
/**
 * The walk is cut into parts that each fit the default test timeout and that the two workers share
 * (one test of about 74 routes needed 300 s on a busy machine).
 */
const PARTS = 4;

type Prepared = { tokens: { token: string }; ids: Record<string, number> };
/** One user and its rows per locale and worker, made by the first part that runs there. */
const prepared = new Map<string, Promise<Prepared>>();

async function prepare(request: APIRequestContext, locale: string): Promise<Prepared> {
  const user = await createVerifiedUser(request);
  const login = await request.post("/api/v1/c/guest/login", {
    data: { username: user.email, password: user.password },
  });
  const tokens = (await login.json()).data;
  const me = await request.get("/api/v1/c/me", { headers: { authorization: `Bearer ${tokens.token}` } });
  const auth = { authorization: `Bearer ${tokens.token}` };
  const created = async (url: string, data: object) =>
    ((await (await request.post(url, { headers: auth, data })).json()) as { data: { id: number } }).data.id;
  const senders = await request.get("/api/v1/c/senders", { headers: auth });
  expect((await request.post("/api/v1/c/orders/free-trial", { headers: auth })).status()).toBe(201);
  const sender = await approvedSender(request, auth);
  const ids: Record<string, number> = {
    organizations: (await me.json()).data.default_organization_id as number,
    contacts: await created("/api/v1/c/contact-groups", { name: `Routes ${locale}` }),
    templates: await created("/api/v1/c/templates", { name: "Routes", message: "Hello" }),
    senders: ((await senders.json()) as { data: { entities: { id: number }[] } }).data.entities[0]!.id,
    "reports/campaigns": await created("/api/v1/c/campaigns", {
      name: "Routes",
      sender,
      purpose: "general",
      manual_contacts: "0812345678",
      message: "Hello",
    }),
  };
  // An API message and an OTP request of this organization, for /reports/sms-api/:id and /reports/sms-otp/:id.
  const organizationId = ids.organizations!;
  const issued = (
    (await (
      await request.put(`/api/v1/c/organizations/${organizationId}/api-key`, {
        headers: auth,
        data: { kind: "both" },
      })
    ).json()) as { data: { issued: { kind: "sms" | "otp"; key: string; secret: string }[] } }
  ).data.issued;
  const pair = (kind: "sms" | "otp") => issued.find((p) => p.kind === kind)!;
  const sent = await request.post("/api/v2/sms", {
    headers: {
      authorization: `Basic ${Buffer.from(`${pair("sms").key}:${pair("sms").secret}`).toString("base64")}`,
    },
    data: { msisdn: "0812345678", message: "Routes", sender },
  });
  expect(sent.status()).toBe(201);
  ids["reports/sms-api"] = Number((await sent.json()).phone_number_list[0].message_id);
  const otp = await request.post("/api/v2/otp/request", {
    data: { key: pair("otp").key, secret: pair("otp").secret, msisdn: "0812345678" },
  });
  expect(otp.status()).toBe(200);
  const otpRequests = await request.get("/api/v1/c/otp-requests", { headers: auth });
  ids["reports/sms-otp"] = ((await otpRequests.json()) as { data: { entities: { id: number }[] } }).data
    .entities[0]!.id;
  return { tokens, ids };
}

for (const locale of ["th", "en"] as const) {
  for (let part = 0; part < PARTS; part++) {
    const walk = pages.filter((_, i) => i % PARTS === part);
    test(`every app, auth and dev route renders in ${locale} (part ${part + 1} of ${PARTS})`, async ({
      page,
      request,
    }) => {
      if (!prepared.has(locale)) prepared.set(locale, prepare(request, locale));
      const { tokens, ids } = await prepared.get(locale)!;
      const consoleErrors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") consoleErrors.push(`${page.url()}: ${m.text()}`);
      });
      const signedIn = async () => {
        await page.goto(localizePath("/clients/packages", locale));
        await page.evaluate((t) => localStorage.setItem("session", JSON.stringify(t)), tokens);
      };
      await signedIn();

      // The server answers every path with a page; the browser then walks them the way a user
      // does, inside the running app (a full load per route cost about 2 s each on a busy machine).
      for (const route of walk) {
        const path = localizePath(concrete(route.path, ids), locale);
        expect((await request.get(path)).status(), path).toBe(200);
      }
      await page.goto(localizePath("/dashboard", locale));
      await expect(page.getByTestId("app-version")).toBeVisible({ timeout: 20_000 });
      for (const route of walk) {
        const path = localizePath(concrete(route.path, ids), locale);
        const isAuth = route.layout === "auth";
        await page.evaluate(
          (to) =>
            (
              window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
            ).__reactRouterDataRouter.navigate(to),
          path,
        );
        // Auth pages send a signed-in user on to the dashboard; every other page stays where it is.
        if (!isAuth) await expect(page, path).toHaveURL((url) => url.pathname === path.split("?")[0]);
        await expect(page.locator("html"), path).toHaveAttribute("lang", locale);
        if (route.layout === "admin" || route.layout === "backoffice") {
          await expect(page.getByTestId("app-version"), path).toBeVisible();
        }
        if (!isAuth || route.key === "login") {
          await expect(page.locator("main h1, main h2").first(), path).toBeVisible();
        }
        await expect(page.locator("main"), path).not.toBeEmpty();
        await expect(page.locator("main"), path).not.toContainText(/coming soon|เร็ว ๆ นี้/i);
      }
      // A customer on a back-office address is refused by the API (the summary's 404, ADR 44),
      // which the browser logs; nothing else may log an error.
      expect(
        consoleErrors.filter(
          (e) => !/\/admin(\/|$)/.test(e.split(": ")[0] ?? "") || !e.includes("status of 404"),
        ),
      ).toEqual([]);
    });
  }
}
