import type { Page } from "@playwright/test";
import { SIDEBAR } from "../apps/web/app/components/layout/menu";
import { localizePath, routeByKey } from "../packages/domain/src/routes";
import { createVerifiedUser, signIn } from "./support/accounts";
import { expect, test } from "./support/test";

/**
 * Issue 15 point 5: every sidebar item opens a real page (no "coming soon"), the breadcrumb names
 * group > page, surveys and sub-accounts show "not available" with a way back, and the new pages
 * (alert settings, contact us, terms) work in Thai, in English and at 375 px.
 */
const TEXT = {
  th: {
    groups: {
      dashboard: "แดชบอร์ด",
      subscriptions: "ซื้อแพ็กเกจ",
      orders: "คำสั่งซื้อ",
      reports: "รายงาน",
      contacts: "กลุ่มรายชื่อ",
      senders: "ชื่อผู้ส่ง",
      messages: "ส่งข้อความ",
      smsApi: "SMS API",
      organization: "องค์กร",
      account: "บัญชีของฉัน",
      contactUs: "ติดต่อเรา",
      surveys: "แบบสอบถาม",
    } as Record<string, string>,
    comingSoon: /เร็ว ๆ นี้|coming soon/i,
    notAvailable: "ไม่เปิดให้ใช้งาน",
    back: "กลับไปที่แดชบอร์ด",
  },
  en: {
    groups: {
      dashboard: "Dashboard",
      subscriptions: "Buy a package",
      orders: "Orders",
      reports: "Reports",
      contacts: "Contact groups",
      senders: "Senders",
      messages: "Messages",
      smsApi: "SMS API",
      organization: "Organization",
      account: "My Account",
      contactUs: "Contact Us",
      surveys: "Surveys",
    } as Record<string, string>,
    comingSoon: /coming soon|เร็ว ๆ นี้/i,
    notAvailable: "Not available",
    back: "Back to the dashboard",
  },
} as const;

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

async function noHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Opens a page and waits for its heading (a loaded machine may take a while to render the SPA). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("main h1").first(), path).toBeVisible({ timeout: 30_000 });
}

// Each locale's walk in two parts (alternate sidebar groups), each in the default budget and shared
// by the two workers, instead of one serial test of 240 s.
for (const locale of ["th", "en"] as const) {
  for (const part of [0, 1]) {
    test(`every sidebar item opens a real page with its breadcrumb (${locale}, part ${part + 1} of 2)`, async ({
      page,
      request,
    }) => {
      const t = TEXT[locale];
      const errors = watchConsole(page);
      const user = await createVerifiedUser(request);
      await signIn(page, user.email, user.password, locale);
      const nav = page.getByRole("navigation", { name: locale === "en" ? "Main menu" : "เมนูหลัก" });
      const crumb = page.getByRole("navigation", { name: locale === "en" ? "Breadcrumb" : "เส้นทาง" });

      for (const section of SIDEBAR.filter((s) => !s.hidden).filter((_, i) => i % 2 === part)) {
        const items = section.items.filter((i) => !i.hidden);
        const groupName = t.groups[section.group]!;
        if (section.disabled) {
          const greyed = nav.getByText(groupName, { exact: true });
          await expect(greyed).toHaveAttribute("aria-disabled", "true");
          await expect(nav.getByRole("link", { name: groupName, exact: true })).toHaveCount(0);
          continue;
        }
        for (const item of items) {
          const path = localizePath(routeByKey(item.key)!.path, locale);
          const link =
            items.length === 1
              ? nav.getByRole("link", { name: groupName, exact: true })
              : nav.locator(`a[href="${path}"]`);
          if (items.length > 1 && !(await link.isVisible())) {
            await nav.getByRole("button", { name: groupName, exact: true }).click();
          }
          await link.click();
          await expect(page, item.key).toHaveURL(new RegExp(`${path}$`));
          await expect(page.locator("main h1").first(), item.key).toBeVisible({ timeout: 30_000 });
          await expect(page.locator("main"), item.key).not.toContainText(t.comingSoon);
          await expect(crumb.locator('[aria-current="page"]'), item.key).not.toBeEmpty();
          if (items.length > 1) await expect(crumb, item.key).toContainText(groupName, { ignoreCase: true });
        }
      }
      if (part === 0) {
        expect(errors).toEqual([]);
        return;
      }
      // A sample of breadcrumbs: group > page.
      await open(page, localizePath("/reports/campaigns", locale));
      await expect(crumb).toHaveText(
        locale === "en" ? /Reports\s*›\s*Campaign report/ : /รายงาน\s*›\s*รายงานแคมเปญ/,
      );
      await open(page, localizePath("/templates/headers", locale));
      await expect(crumb).toHaveText(
        locale === "en" ? /Senders\s*›\s*SMS templates/ : /ชื่อผู้ส่ง\s*›\s*เทมเพลต SMS/,
      );
      await open(page, localizePath("/accounts/settings", locale));
      await expect(crumb).toHaveText(
        locale === "en" ? /My Account\s*›\s*Alert settings/ : /บัญชีของฉัน\s*›\s*ตั้งค่าการแจ้งเตือน/,
      );

      // Surveys and sub-accounts opened directly: "not available" with a way back.
      for (const path of ["/surveys", "/sub-accounts", "/sub-accounts/users"]) {
        await open(page, localizePath(path, locale));
        const box = page.getByTestId("not-available");
        await expect(box, path).toContainText(t.notAvailable);
        await expect(page.locator("main"), path).not.toContainText(t.comingSoon);
      }
      await page.getByRole("link", { name: t.back }).click();
      await expect(page).toHaveURL(new RegExp(`${localizePath("/dashboard", locale)}$`));
      expect(errors).toEqual([]);
    });
  }
}

test("alert settings are saved with the settings-saved toast and kept", async ({ page, request }) => {
  const errors = watchConsole(page);
  const user = await createVerifiedUser(request);
  await signIn(page, user.email, user.password, "en");
  await open(page, "/en/accounts/settings");
  await page.getByLabel("Send a low-credit alert").check();
  const threshold = page.getByLabel(/Threshold \(credits\)/);
  await threshold.fill("250");
  await page.getByTestId("low-credit-channel").getByLabel("E-mail and SMS").check();
  await page.getByLabel("Send an expiry alert").check();
  await page.getByLabel(/Days before the expiry/).fill("14");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Threshold \(credits\)/)).toHaveValue("250");
  await expect(page.getByTestId("low-credit-channel").getByLabel("E-mail and SMS")).toBeChecked();
  await expect(page.getByLabel("Send an expiry alert")).toBeChecked();
  await expect(page.getByLabel(/Days before the expiry/)).toHaveValue("14");
  await expect(page.getByTestId("alert-recipients")).toContainText("in English");
  expect(errors).toEqual([]);
});

test("contact us in the app is filled in from the account and sent", async ({ page, request }) => {
  const errors = watchConsole(page);
  const user = await createVerifiedUser(request);
  await signIn(page, user.email, user.password, "th");
  await open(page, "/contacts-us");
  const form = page.getByTestId("contact-us-form");
  await expect(form.getByLabel(/^ชื่อ–นามสกุล/)).toHaveValue("Malee Test");
  await expect(form.getByLabel(/^อีเมล/)).toHaveValue(user.email);
  await expect(form.getByLabel(/^หมายเลขโทรศัพท์/)).toHaveValue(user.phone);
  await form.getByLabel(/^หัวข้อ/).selectOption("support");
  await form.getByLabel(/^ข้อความ/).fill("ทดสอบการติดต่อจากในระบบ กรุณาติดต่อกลับ");
  await page.getByTestId("contact-us-submit").click();
  await expect(page.getByTestId("contact-us-sent")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the in-app terms page shows the version, the acceptance and the public text", async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request);
  await signIn(page, user.email, user.password, "en");
  await open(page, "/en/term-and-conditions");
  await expect(page.getByTestId("terms-version")).toContainText("Current version:");
  await expect(page.getByTestId("terms-accepted")).toContainText("You accepted version");
  const publicTerms = await request.get("/en/clients/term-and-conditions");
  const html = await publicTerms.text();
  const firstHeading = (await page.locator("main article h2").first().textContent())!.replace(/^1\.\s*/, "");
  expect(html).toContain(firstHeading);
});

test("the new pages fit 375 px in Thai and English", async ({ browser, request }) => {
  const user = await createVerifiedUser(request);
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signIn(page, user.email, user.password, "th");
  for (const locale of ["th", "en"] as const) {
    for (const path of [
      "/accounts/settings",
      "/contacts-us",
      "/term-and-conditions",
      "/surveys",
      "/sub-accounts",
    ]) {
      await open(page, localizePath(path, locale));
      await noHorizontalScroll(page, `${locale} ${path}`);
    }
  }
  // The drawer menu opens My Account's pages.
  await open(page, "/en/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("navigation", { name: "Main menu" });
  await drawer.getByRole("button", { name: "My Account" }).click();
  await drawer.getByRole("link", { name: "Alert settings" }).click();
  await expect(page).toHaveURL(/\/en\/accounts\/settings$/);
  await noHorizontalScroll(page, "settings after the drawer");
  expect(errors).toEqual([]);
  await context.close();
});
