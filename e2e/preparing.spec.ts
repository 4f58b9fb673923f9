import type { Page } from "@playwright/test";
import { createVerifiedUser, signIn, uniq } from "./support/accounts";
import { expect, test } from "./support/test";

/**
 * Screens of issue 11 as a user sees them, in both languages and at phone width: every page of
 * contacts, senders and templates renders its heading without console errors. The journey with the
 * staff approval lives in admin.spec.ts (one admin session at a time).
 */

const PAGES = [
  { path: "/contacts", th: "กลุ่มรายชื่อ", en: "Contact groups" },
  { path: "/contacts/create", th: "สร้างกลุ่มรายชื่อ", en: "Create contact group" },
  { path: "/senders", th: "ชื่อผู้ส่ง", en: "Sender names" },
  { path: "/senders/create", th: "ขอชื่อผู้ส่ง", en: "Request a sender name" },
  { path: "/templates", th: "เทมเพลต SMS", en: "SMS templates" },
  { path: "/templates/create", th: "สร้างเทมเพลต SMS", en: "Create SMS template" },
] as const;

async function collectErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

for (const lang of ["th", "en"] as const) {
  test(`contacts, senders and templates pages render in ${lang} at phone width`, async ({
    browser,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    const context = await browser.newContext({
      locale: lang === "th" ? "th-TH" : "en-US",
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    const errors = await collectErrors(page);
    await signIn(page, user.email, user.password, lang);
    for (const p of PAGES) {
      await page.goto(lang === "en" ? `/en${p.path}` : p.path);
      await expect(page.getByRole("heading", { level: 1, name: p[lang] })).toBeVisible();
      // Nothing wider than the phone: the page never scrolls sideways (tables scroll in their own frame).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${p.path} is wider than the screen`).toBeLessThanOrEqual(1);
      if (process.env.E2E_SCREENSHOTS) {
        await page.screenshot({
          path: `../.tmp/shots/${lang}${p.path.replaceAll("/", "_")}.png`,
          fullPage: true,
        });
      }
    }
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });
}

test("a group's contacts: add, search, edit, select many and delete, export", async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await signIn(page, user.email, user.password, "en");
  const group = `Customers ${uniq()}`;
  await page.goto("/en/contacts/create");
  await page.getByLabel(/^Group name/).fill(group);
  await page.getByRole("button", { name: "Create group" }).click();
  await expect(page.getByText("Contact group created")).toBeVisible();
  await expect(page.getByTestId("group-name")).toHaveText(group);

  for (const [first, phone] of [
    ["Somchai", "0812345678"],
    ["Malee", "+66898765432"],
    ["Niran", "66611112222"],
  ] as const) {
    await page.getByRole("link", { name: "Add contact" }).click();
    await page.getByLabel(/^First name/).fill(first);
    await page.getByLabel(/^Last name/).fill("Test");
    await page.getByLabel(/^Phone number/).fill(phone);
    await page.getByRole("button", { name: "Add contact" }).click();
    await expect(page.getByText("Contact created").first()).toBeVisible();
    await expect(page.getByTestId("group-name")).toHaveText(group);
  }
  // Stored in the 66 form, shown in the local form.
  const table = page.getByRole("table", { name: "Contacts of the group" });
  await expect(table.getByRole("row").filter({ hasText: "0898765432" })).toHaveCount(1);
  await expect(page.getByTestId("group-count")).toContainText("3");

  // A number already in the group is refused on its field.
  await page.getByRole("link", { name: "Add contact" }).click();
  await page.getByLabel(/^First name/).fill("Again");
  await page.getByLabel(/^Phone number/).fill("0812345678");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByTestId("field-error")).toBeVisible();
  await page.goBack();

  // Search by a phone typed in the local form finds the 66-form number.
  await page.getByLabel("Search by name or phone number").fill("0611");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(table.getByRole("row").filter({ hasText: "Niran" })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: "Somchai" })).toHaveCount(0);
  await page.getByRole("button", { name: "Clear search" }).click();

  // Edit a contact in its dialog: the phone comes prefilled in the local form. The consent history
  // arrives after the dialog opens, below the buttons: Save stays where it is (a centred dialog moved
  // it up while a press was under way, and the press came up beside it: no click).
  let releaseHistory = () => {};
  const historyHeld = new Promise<void>((resolve) => {
    releaseHistory = resolve;
  });
  await page.route("**/api/v1/c/contacts/*/consents", async (route) => {
    await historyHeld;
    await route.continue();
  });
  await table.getByRole("button", { name: "Edit Malee Test" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel(/^Phone number/)).toHaveValue("0898765432");
  await dialog.getByLabel(/^First name/).fill("Malai");
  const save = dialog.getByRole("button", { name: "Save" });
  const before = await save.boundingBox();
  releaseHistory();
  await expect(dialog.getByRole("region", { name: "Consent history" })).toContainText("Opted in");
  expect(await save.boundingBox()).toEqual(before);
  await page.unroute("**/api/v1/c/contacts/*/consents");
  await save.click();
  await expect(page.getByText("Contact updated")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Malai Test" })).toHaveCount(1);

  // Export downloads a CSV with the local numbers.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-csv").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);

  // Select everything on the page and delete it, after confirming.
  await page.getByTestId("select-page").check();
  await page.getByTestId("delete-selected").click();
  await page.getByTestId("confirm-delete").click();
  await expect(page.getByText("3 contacts deleted")).toBeVisible();
  await expect(page.getByText("This group has no contacts yet.")).toBeVisible();
});
