/// <reference lib="dom" />
import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { type Locale, localizePath } from "@sms/domain/routes";
import {
  codeFromInbox,
  createTrialUser,
  createVerifiedUser,
  fillRegistration,
  randomPhone,
  type TestUser,
  to66,
  uniq,
} from "./support/accounts";
import { approvedSender } from "./support/sending";
import { ADMIN, holdAdminSession } from "./support/staff";
import { expect, test } from "./support/test";

/**
 * Issue 24 point 11: the nine journeys of the review (../shared/reviews/ux.md) walked on both of
 * its devices, Thai on a 375 px phone and English on a 1280 px laptop. Each journey is one test
 * per device; every page it passes is in the device's language (`<html lang>`) and never scrolls
 * sideways. The words looked for are the web app's own catalogs (apps/web/app/locales), so one
 * journey serves both languages. The deeper checks of each journey live in the specs named in its
 * comment; these walks prove the same path holds on the other device too. With SHOTS set, each
 * journey's last page is saved there.
 */

type Device = { name: string; locale: Locale; viewport: { width: number; height: number }; browser: string };
const DEVICES: Device[] = [
  { name: "th 375", locale: "th", viewport: { width: 375, height: 812 }, browser: "th-TH" },
  { name: "en 1280", locale: "en", viewport: { width: 1280, height: 900 }, browser: "en-US" },
];

const catalogs = new Map<string, Record<string, unknown>>();
/** A word of the web app's catalog, `ns:key.path`, with `{{name}}` filled from `values`. */
function word(locale: Locale, id: string, values: Record<string, string> = {}): string {
  const [ns, path] = id.split(":") as [string, string];
  const file = `${locale}/${ns}`;
  if (!catalogs.has(file))
    catalogs.set(
      file,
      JSON.parse(readFileSync(new URL(`../apps/web/app/locales/${file}.json`, import.meta.url), "utf8")),
    );
  let value: unknown = catalogs.get(file);
  for (const part of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== "string") throw new Error(`no word ${locale}:${id}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}
const exact = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

/** A 1×1 PNG: a transfer slip. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
};

/** The page speaks the device's language and fits its width. */
async function fits(page: Page, device: Device) {
  await expect(page.locator("html")).toHaveAttribute("lang", device.locale);
  // Measured once the page's fonts are in and its layout has settled for two frames, up to 3 s: a
  // page still laying out (a list just drawn) may be a pixel wider for a frame. One that stays wider
  // fails, naming the elements outside any scroll frame that reach past the window's edge.
  const measured = await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // A scroll frame clips an absolutely placed element only when the frame is, or holds, its
    // containing block (its nearest positioned ancestor): an sr-only text in a table whose frame is
    // not positioned escapes the frame and widens the page.
    const clipped = (el: Element) => {
      const position = getComputedStyle(el).position;
      if (position === "fixed") return true;
      let contained = position !== "absolute";
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (!contained && style.position !== "static") contained = true;
        if (contained && style.overflowX !== "visible") return true;
      }
      return false;
    };
    await document.fonts.ready;
    const deadline = performance.now() + 3000;
    let overflow = 0;
    do {
      await frame();
      await frame();
      overflow = (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth;
    } while (overflow > 0 && performance.now() < deadline);
    const past: string[] = [];
    if (overflow > 0)
      for (const el of document.body.querySelectorAll("*")) {
        const right = el.getBoundingClientRect().right;
        if (past.length < 5 && right > window.innerWidth && !clipped(el))
          past.push(
            `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join(".")} to ${right.toFixed(1)} px`,
          );
      }
    return { overflow, past: past.join("; ") || "no unclipped element past the edge" };
  });
  expect(
    measured.overflow,
    `${page.url()} scrolls sideways by ${measured.overflow} px: ${measured.past}`,
  ).toBeLessThanOrEqual(0);
}

/** A browser page of `device` signed in with `tokens` (as the sign-in page leaves them). */
async function devicePage(browser: Browser, device: Device, tokens?: { token: string }): Promise<Page> {
  const origin = test.info().project.use.baseURL ?? "";
  const context = await browser.newContext({
    viewport: device.viewport,
    locale: device.browser,
    storageState: tokens
      ? {
          cookies: [],
          origins: [{ origin, localStorage: [{ name: "session", value: JSON.stringify(tokens) }] }],
        }
      : undefined,
  });
  return context.newPage();
}

async function signedIn(request: APIRequestContext, user: TestUser): Promise<{ token: string }> {
  const login = await request.post("/api/v1/c/guest/login", {
    data: { username: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).data;
}

/** Runs `act` on a page of `device` signed in as the seeded admin, holding the admin's one session. */
async function asStaff(
  browser: Browser,
  request: APIRequestContext,
  device: Device,
  act: (page: Page) => Promise<void>,
) {
  const release = await holdAdminSession();
  try {
    const tokens = await signedIn(request, { email: ADMIN.email, password: ADMIN.password } as TestUser);
    const page = await devicePage(browser, device, tokens);
    try {
      await act(page);
    } finally {
      await page.context().close();
      await request.post("/api/v1/c/me/logout", { headers: { authorization: `Bearer ${tokens.token}` } });
    }
  } finally {
    await release();
  }
}

/** The row (a table row at 1280 px, a card on a phone) that holds `text`. */
const rowWith = (page: Page, text: string) =>
  page.locator("tbody tr, [data-testid=data-card]").filter({ hasText: text });

for (const device of DEVICES) {
  const { locale } = device;
  const lp = (path: string) => localizePath(path, locale);
  const w = (id: string, values?: Record<string, string>) => word(locale, id, values);

  test.describe(`the review's journeys, ${device.name}`, () => {
    test(`journey 1: a visitor registers with both codes and reaches the dashboard (${device.name})`, async ({
      browser,
      request,
    }) => {
      // Deeper: accounts.spec.ts, register-correction.spec.ts.
      const page = await devicePage(browser, device);
      const email = `j1-${uniq()}@example.com`;
      const phone = randomPhone();
      await page.goto(lp("/register"));
      await fits(page, device);
      const [first, last] = locale === "th" ? ["สมหญิง", "ใจงาม"] : ["Somying", "Jaingam"];
      await fillRegistration(
        page,
        { firstName: first, lastName: last, email, phone, password: "secret123" },
        locale,
      );
      await expect(page).toHaveURL(new RegExp(`${lp("/register/mobile-verification")}$`));
      await fits(page, device);
      const code = page.getByLabel(locale === "th" ? /^รหัสยืนยัน/ : /^Verification code/);
      const confirm = page.getByRole("button", { name: w("auth:otp.verify"), exact: true });
      const phoneRef = (await page.getByTestId("otp-ref-code").textContent()) ?? "";
      await code.fill(await codeFromInbox(request, to66(phone), phoneRef));
      await confirm.click();
      await expect(page).toHaveURL(new RegExp(`${lp("/register/email-verification")}$`));
      await expect(page.getByTestId("otp-ref-code")).not.toHaveText(phoneRef);
      await expect(page.getByTestId("otp-ref-code")).toHaveText(/\S/);
      const emailRef = (await page.getByTestId("otp-ref-code").textContent()) ?? "";
      await code.fill(await codeFromInbox(request, email, emailRef));
      await confirm.click();
      await expect(page).toHaveURL(new RegExp(`${lp("/register/completed")}$`));
      await fits(page, device);
      await page.getByTestId("completed-continue").click();
      await expect(page).toHaveURL(new RegExp(`${lp("/dashboard")}$`));
      await expect(page.getByTestId("user-menu")).toHaveAccessibleName(new RegExp(`${first} ${last}`));
      await fits(page, device);
      await shot(page, `journey1-${device.name.replace(" ", "-")}`);
    });

    test(`journey 2: a customer buys a package with a slip and staff approve it (${device.name})`, async ({
      browser,
      request,
    }) => {
      // Deeper: orders.spec.ts, admin.spec.ts (the lead's journey).
      const user = await createVerifiedUser(request);
      const page = await devicePage(browser, device, await signedIn(request, user));
      const buyer = `J2 ${uniq()}`;
      await page.goto(lp("/subscriptions"));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await fits(page, device);
      await page.locator("[data-testid^='buy-']").first().click();
      await expect(page).toHaveURL(/\/carts\?package_id=\d+$/);
      await expect(page.getByTestId("promptpay-qr")).toBeVisible();
      await fits(page, device);
      await page.getByLabel(locale === "th" ? /^ชื่อ-นามสกุล/ : /^Full name/).fill(buyer);
      await page
        .getByTestId("proof-input")
        .setInputFiles({ name: "slip.png", mimeType: "image/png", buffer: PNG });
      await expect(
        page.getByText(locale === "th" ? "แนบไฟล์ slip.png แล้ว" : "slip.png is attached."),
      ).toBeVisible();
      await page.getByTestId("order-submit").click();
      await expect(page).toHaveURL(new RegExp(`${lp("/orders")}$`));
      await expect(page.locator("main")).toContainText(locale === "th" ? "กำลังตรวจสอบ" : "Checking");
      await fits(page, device);

      await asStaff(browser, request, device, async (staff) => {
        await staff.goto(lp("/admin/orders"));
        const row = rowWith(staff, buyer);
        await expect(row).toHaveCount(1);
        await fits(staff, device);
        await row.locator("[data-testid^='approve-']").click();
        await staff.getByTestId("approve-confirm").click();
        await expect(row).toHaveCount(0);
      });

      await page.reload();
      await expect(page.locator("main")).toContainText(locale === "th" ? "อนุมัติแล้ว" : "Approved");
      await expect(page.getByTestId("credit-balance")).not.toHaveText(/^\D*0\D*$/);
      await shot(page, `journey2-${device.name.replace(" ", "-")}`);
    });

    test(`journey 3: a customer requests a sender name and staff approve it (${device.name})`, async ({
      browser,
      request,
    }) => {
      // Deeper: admin.spec.ts (prepares to send, 2 of 3), senders' component tests.
      const user = await createVerifiedUser(request);
      const page = await devicePage(browser, device, await signedIn(request, user));
      const sender = `J3${uniq().slice(-7)}`.slice(0, 10);
      await page.goto(lp("/senders/create"));
      await fits(page, device);
      await page.getByLabel(exact(w("senders:form.name"))).fill(sender);
      await page.locator("input[type=radio][value=marketing]").check();
      await page.locator("input[type=radio][value=juristic]").check();
      await page.getByLabel(exact(w("senders:form.companyName"))).fill("Malee Shop Co., Ltd.");
      await page
        .getByRole("textbox", { name: exact(w("senders:form.websiteUrl")) })
        .fill("https://shop.example.com/about");
      await page
        .getByLabel(exact(w("senders:form.exampleMessage")))
        .fill("Your order has shipped. Thank you!");
      await page.getByRole("button", { name: w("senders:form.submit") }).click();
      await expect(page.getByText(w("senders:toast.created"))).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${lp("/senders")}$`));
      await expect(rowWith(page, sender)).toContainText(w("senders:status.pending"));
      await fits(page, device);

      await asStaff(browser, request, device, async (staff) => {
        await staff.goto(lp("/admin/senders"));
        const row = rowWith(staff, sender);
        await expect(row).toHaveCount(1);
        await fits(staff, device);
        await row.locator("[data-testid^='approve-']").click();
        await staff.getByTestId("approve-confirm").click();
        // The decision saved (its toast), before the customer looks: the row was there before too.
        await expect(staff.getByText(w("senders:admin.approved", { name: sender }))).toBeVisible();
      });

      await page.reload();
      await expect(rowWith(page, sender)).toContainText(w("senders:status.approved"));
      await shot(page, `journey3-${device.name.replace(" ", "-")}`);
    });

    test(`journey 4: a customer makes a contact group and adds a contact by hand (${device.name})`, async ({
      browser,
      request,
    }) => {
      // Deeper: preparing.spec.ts, admin.spec.ts (prepares to send, 1 of 3: the import).
      const user = await createVerifiedUser(request);
      const page = await devicePage(browser, device, await signedIn(request, user));
      const group = locale === "th" ? `ลูกค้าประจำ ${uniq()}` : `Regulars ${uniq()}`;
      await page.goto(lp("/contacts"));
      await fits(page, device);
      await page
        .getByRole("link", { name: w("contacts:groups.create") })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`${lp("/contacts/create")}$`));
      await page.getByLabel(exact(w("contacts:groupForm.name"))).fill(group);
      await page.getByRole("button", { name: w("contacts:groupForm.create") }).click();
      await expect(page.getByText(w("contacts:groups.createdToast"))).toBeVisible();
      await expect(page.getByTestId("group-name")).toHaveText(group);
      await page.getByRole("link", { name: w("contacts:contacts.add") }).click();
      await fits(page, device);
      await page
        .getByLabel(exact(w("contacts:contactForm.firstName")))
        .fill(locale === "th" ? "สมชาย" : "Somchai");
      await page.getByLabel(exact(w("contacts:contactForm.phone"))).fill("0812345678");
      await page.getByRole("button", { name: w("contacts:contactForm.add") }).click();
      await expect(page.getByText(w("contacts:contacts.createdToast")).first()).toBeVisible();
      await expect(page.getByTestId("group-count")).toContainText("1");
      await expect(rowWith(page, "0812345678")).toHaveCount(1);
      await fits(page, device);
      await shot(page, `journey4-${device.name.replace(" ", "-")}`);
    });

    /** A customer with the free trial's credits and an own approved sender, signed in on `device`. */
    async function sendingCustomer(browser: Browser, request: APIRequestContext) {
      const { user, headers } = await createTrialUser(request);
      const sender = await approvedSender(request, headers, { type: "otp" });
      const tokens = await signedIn(request, user);
      return { user, sender, tokens, page: await devicePage(browser, device, tokens) };
    }

    test(`journey 5: a customer sends an instant SMS and watches it delivered (${device.name})`, async ({
      browser,
      request,
    }) => {
      // Deeper: messages.spec.ts, sending.spec.ts, campaigns.spec.ts, schedules.spec.ts, refund-journey.spec.ts.
      const { page, sender } = await sendingCustomer(browser, request);
      const phone = randomPhone();
      await page.goto(lp("/messages/instant"));
      await expect(page.getByRole("heading", { name: w("messages:instant.title") })).toBeVisible();
      await fits(page, device);
      await expect(page.getByTestId("instant-sender")).toHaveValue(sender);
      await page.getByTestId("instant-phone").fill(phone);
      await page
        .getByTestId("instant-message")
        .fill(locale === "th" ? "นัดหมายพรุ่งนี้ 10:00 น." : "See you tomorrow at 10:00");
      await page.getByTestId("instant-submit").click();
      await expect(page.getByText(w("messages:instant.sent"))).toBeVisible();
      await page.goto(lp("/messages"));
      const row = rowWith(page, phone);
      await expect(row.getByTestId("message-status")).toHaveAttribute("data-colour", "green", {
        timeout: 20_000,
      });
      await fits(page, device);
      await shot(page, `journey5-${device.name.replace(" ", "-")}`);
    });

    test(`journey 6: an owner makes an API key and an IP rule, the API sends, the report shows it (${device.name})`, async ({
      browser,
      request,
    }) => {
      // Deeper: sms-api.spec.ts, api-docs-reports.spec.ts.
      const { page, sender } = await sendingCustomer(browser, request);
      await page.goto(lp("/sms-api"));
      await expect(page.getByRole("heading", { name: w("api-keys:page.title"), level: 1 })).toBeVisible();
      await fits(page, device);
      await page.getByRole("button", { name: w("api-keys:keys.generate.sms") }).click();
      const generate = page.getByRole("alertdialog", { name: w("api-keys:confirm.generateTitle.sms") });
      await generate.getByRole("button", { name: w("api-keys:confirm.generate") }).click();
      const secret = (await page.getByTestId("secret-sms").textContent()) ?? "";
      const key = (await page.getByTestId("key-sms").textContent()) ?? "";
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await page.getByRole("button", { name: w("api-keys:issued.done") }).click();
      await page.getByRole("button", { name: w("api-keys:whitelist.addOpen") }).click();
      const dialog = page.getByRole("dialog", { name: w("api-keys:whitelist.addTitle") });
      await dialog.getByRole("textbox", { name: exact(w("api-keys:whitelist.name")) }).fill("Local");
      await dialog.getByRole("textbox", { name: exact(w("api-keys:whitelist.address")) }).fill("127.0.0.0/8");
      await dialog.getByRole("button", { name: w("api-keys:whitelist.add"), exact: true }).click();
      await expect(rowWith(page, "127.0.0.0/8")).toHaveCount(1);
      await fits(page, device);

      const phone = randomPhone();
      const sent = await request.post("/api/v2/sms", {
        headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}` },
        data: { msisdn: phone, message: "API journey", sender },
      });
      expect(sent.status()).toBe(201);
      await page.goto(lp("/sms-api/docs"));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await fits(page, device);
      await page.goto(lp("/reports/sms-api"));
      await expect(rowWith(page, phone)).toHaveCount(1);
      await fits(page, device);
      await shot(page, `journey6-${device.name.replace(" ", "-")}`);
    });

    test(`journey 7: dashboard, message report and its export, account and organization (${device.name})`, async ({
      browser,
      request,
    }) => {
      // Deeper: dashboard.spec.ts, reports.spec.ts, organizations.spec.ts, accounts.spec.ts.
      const { page, user, tokens, sender } = await sendingCustomer(browser, request);
      const phone = randomPhone();
      const sent = await request.post("/api/v1/c/messages", {
        headers: { authorization: `Bearer ${tokens.token}` },
        data: { phone_number: phone, sender, message: "Report journey", purpose: "general" },
      });
      expect(sent.status()).toBe(201);
      await page.goto(lp("/dashboard"));
      await expect(page.getByTestId("credit-balance")).not.toHaveText(/^\D*0\D*$/);
      await fits(page, device);
      await page.goto(lp("/reports/messages"));
      await expect(rowWith(page, phone)).toHaveCount(1);
      await fits(page, device);
      const download = page.waitForEvent("download");
      await page.getByTestId("export-csv").click();
      const csv = await download;
      expect(csv.suggestedFilename()).toMatch(/\.csv$/);
      await page.goto(lp("/accounts"));
      await expect(page.locator("main")).toContainText(user.email);
      await fits(page, device);
      await page.goto(lp("/organizations"));
      await expect(page.locator("main").getByRole("link").first()).toBeVisible();
      await fits(page, device);
      await shot(page, `journey7-${device.name.replace(" ", "-")}`);
    });

    test(`journey 8: deep links opened directly, signed in and signed out (${device.name})`, async ({
      browser,
      request,
    }) => {
      // Deeper: routes.spec.ts (every route inside the app), accessibility.spec.ts (entry pages opened directly).
      const { page, tokens, sender } = await sendingCustomer(browser, request);
      const auth = { authorization: `Bearer ${tokens.token}` };
      const created = async (url: string, data: object) =>
        ((await (await request.post(url, { headers: auth, data })).json()) as { data: { id: number } }).data
          .id;
      const group = await created("/api/v1/c/contact-groups", { name: "Direct" });
      const template = await created("/api/v1/c/templates", { name: "Direct", message: "Hello" });
      const campaign = await created("/api/v1/c/campaigns", {
        name: "Direct",
        sender,
        purpose: "general",
        manual_contacts: randomPhone(),
        message: "Hello",
      });
      for (const path of [
        "/dashboard",
        `/contacts/${group}`,
        `/templates/${template}`,
        `/reports/campaigns/${campaign}`,
        "/reports/credits",
        "/orders",
        "/accounts/settings",
      ]) {
        const response = await page.goto(lp(path));
        expect(response?.status(), path).toBe(200);
        await expect(page.locator("main h1, main h2").first(), path).toBeVisible();
        await fits(page, device);
      }
      // Signed out, a deep link asks for the sign-in and keeps where it was going (the path without
      // its language, which the sign-in page's own language puts back).
      const stranger = await devicePage(browser, device);
      await stranger.goto(lp(`/reports/campaigns/${campaign}`));
      await expect(stranger).toHaveURL(
        (url) =>
          url.pathname === lp("/login") && url.searchParams.get("next") === `/reports/campaigns/${campaign}`,
      );
      await fits(stranger, device);
    });

    test(`journey 9: staff walk the back office (${device.name})`, async ({ browser, request }) => {
      // Deeper: admin.spec.ts.
      await asStaff(browser, request, device, async (staff) => {
        for (const path of [
          "/admin",
          "/admin/orders",
          "/admin/senders",
          "/admin/users",
          "/admin/organizations",
          "/admin/packages",
          "/admin/settings",
          "/admin/audit",
        ]) {
          await staff.goto(lp(path));
          await expect(staff.locator("main h1").first(), path).toBeVisible();
          await expect(staff.getByTestId("app-version")).toBeVisible();
          await fits(staff, device);
        }
        await shot(staff, `journey9-${device.name.replace(" ", "-")}`);
      });
    });
  });
}
