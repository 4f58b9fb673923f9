/// <reference lib="dom" />
import type { Page } from "@playwright/test";
import { type Locale, localizePath, ROUTES } from "@sms/domain/routes";
import { createVerifiedUser, signIn } from "./support/accounts";
import { expect, test } from "./support/test";

/**
 * A pass over the entry pages, a 404 and the signed-in pages at 375 px, in both languages: any
 * console error (a CSP violation, a hydration mismatch, a failed request) fails it. The marketing
 * pages get the same check at 375 px in marketing.spec.ts, which loads each of them already.
 */
test.use({ viewport: { width: 375, height: 800 } });

const LOCALES: Locale[] = ["th", "en"];

/** Collects console errors and uncaught exceptions; `expectedStatus` excuses the document's own 404. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const documentStatus =
      message.location().url === page.url() && /status of 404/.test(message.text()) && watched.notFound;
    if (!documentStatus) errors.push(`${message.location().url}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  const watched = { errors, notFound: false };
  return watched;
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "networkidle" });
  // Enhancement scripts and lazy chunks may still report after the load settles.
  await page.waitForTimeout(300);
  return response;
}

const publicPaths = ROUTES.filter((r) => ["login", "register", "forgot"].includes(r.key));

for (const locale of LOCALES) {
  // One test per page: the workers share them.
  for (const route of publicPaths) {
    const path = localizePath(route.path, locale);
    test(`${path} logs no console error`, async ({ page }) => {
      const watched = watchConsole(page);
      const response = await visit(page, path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("h1").first(), path).toBeVisible();
      expect(watched.errors, path).toEqual([]);
    });
  }

  test(`a 404 in ${locale} sits in the site frame, offers a way on and logs no other error`, async ({
    page,
  }) => {
    const watched = watchConsole(page);
    watched.notFound = true;
    const response = await visit(page, localizePath("/no-such-page", locale));
    expect(response?.status()).toBe(404);
    const en = locale === "en";
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      en ? /This page could not be found/ : /ไม่พบหน้านี้/,
    );
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    const wayOn = page.getByRole("navigation", { name: en ? "You may be looking for:" : "หน้าที่คุณอาจกำลังหา:" });
    await expect(wayOn.getByRole("link")).toHaveText(
      en
        ? ["Packages and prices", "Contact support", "Sign in"]
        : ["ราคาและแพ็กเกจ", "ติดต่อฝ่ายบริการลูกค้า", "เข้าสู่ระบบ"],
    );
    await expect(wayOn.getByRole("link").last()).toHaveAttribute("href", localizePath("/login", locale));
    expect(watched.errors).toEqual([]);
  });

  test(`signed-in accounts and dashboard in ${locale} log no console error`, async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    const watched = watchConsole(page);
    await signIn(page, user.email, user.password, locale);
    for (const path of ["/accounts", "/dashboard"]) {
      await visit(page, localizePath(path, locale));
      await expect(page.getByTestId("credit-balance")).toBeVisible();
      expect(watched.errors, path).toEqual([]);
    }
  });
}

/** Each listed word's occurrences inside `root`, and the texts in which one spans two lines. */
async function splitWords(page: Page, root: string, words: string[]) {
  return page.evaluate(
    ({ root, list }) => {
      const result: Record<string, { count: number; split: string[] }> = {};
      for (const word of list) result[word] = { count: 0, split: [] };
      const scope = document.querySelector(root) ?? document.body;
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        if (!node.parentElement?.checkVisibility()) continue;
        for (const word of list) {
          for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + word.length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            const entry = result[word] as { count: number; split: string[] };
            entry.count += 1;
            if (lines.size > 1) entry.split.push(text);
          }
        }
      }
      return result;
    },
    { root, list: words },
  );
}

test("Thai words in the home page's headings, buttons, text and footer are never split across lines at 375 px", async ({
  page,
}) => {
  await page.goto("/", { waitUntil: "networkidle" });
  const checks = {
    main: ["ทุกเครือข่าย", "ยืนยันตัวตน", "รูปแบบ", "รายเดือน", "ผู้ส่ง", "แพ็กเกจ"],
    footer: ["ผู้ส่ง", "เขตบางรัก", "ข้อมูลส่วนบุคคล", "ผู้ใช้บริการ", "ค่าใช้จ่าย", "นักขัตฤกษ์", "กรุงเทพมหานคร"],
  };
  for (const [root, words] of Object.entries(checks)) {
    const found = await splitWords(page, root, words);
    for (const word of words) {
      expect(found[word]?.count, `${word} is in the ${root}`).toBeGreaterThan(0);
      expect(found[word]?.split, `${word} is split in the ${root}`).toEqual([]);
    }
  }
});
