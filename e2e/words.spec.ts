import type { Page } from "@playwright/test";
import { createTrialUser, signIn } from "./support/accounts";
import { expect, test } from "./support/test";

/**
 * Issue 24 point 6 and the small fixes around it, on screen. In Thai at 375 px: the contact pages
 * say กลุ่มรายชื่อ like the menu (D23), an empty group offers no export (D24), a contact needs no
 * name (D25), a person's sender request asks for no company and offers a person's documents (D20),
 * the SMS API page shows the caller's address to add (D45). In English at 1280 px: the menu's words
 * (Buy a package, Orders, Contact groups), the dashboard's "Sent" and delivery rate (D58), the send
 * example's refused number (D44) and the public menu's articles item with an empty target (coverage
 * D3). With SHOTS set, each page is saved there as a screenshot.
 */

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
};

test("Thai at 375 px: one word for contact groups, quiet group actions, names optional, a person's sender request, the caller's address", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { user, headers } = await createTrialUser(request);
  const created = await request.post("/api/v1/c/contact-groups", { headers, data: { name: "ลูกค้าประจำ" } });
  expect(created.status()).toBe(201);
  const groupId = (await created.json()).data.id as number;

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: "th-TH" });
  const page = await context.newPage();
  await signIn(page, user.email, user.password, "th");

  await page.getByRole("button", { name: "เปิดเมนู" }).click();
  const drawer = page.getByRole("dialog");
  for (const item of ["ซื้อแพ็กเกจ", "คำสั่งซื้อ", "กลุ่มรายชื่อ"]) {
    await expect(drawer.getByText(item, { exact: true }).first()).toBeVisible();
  }
  await shot(page, "words-menu-th-375");
  await page.keyboard.press("Escape");

  await page.goto("/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "กลุ่มรายชื่อ" })).toBeVisible();
  await expect(page.getByText("กลุ่มผู้ติดต่อ")).toHaveCount(0);
  await shot(page, "words-contacts-th-375");

  await page.goto(`/contacts/${groupId}`);
  await expect(page.getByTestId("group-name")).toHaveText("ลูกค้าประจำ");
  await expect(page.getByTestId("export-csv")).toHaveCount(0);
  await shot(page, "words-group-empty-th-375");

  await page.getByRole("link", { name: "เพิ่มรายชื่อ" }).first().click();
  await expect(page.getByLabel(/^ชื่อ$/)).not.toHaveAttribute("aria-required", "true");
  await page.getByLabel(/^หมายเลขโทรศัพท์/).fill("0891234567");
  await shot(page, "words-contact-no-name-th-375");
  await page.getByRole("button", { name: "เพิ่มรายชื่อ" }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${groupId}$`));
  await expect(page.getByTestId("group-count")).toHaveText("1 รายชื่อ");
  await expect(page.getByTestId("export-csv")).toBeVisible();
  await shot(page, "words-group-one-th-375");

  await page.goto("/senders/create");
  await page.getByRole("radio", { name: "บุคคลธรรมดา" }).check();
  await expect(page.getByLabel(/^ชื่อบริษัท/)).toHaveCount(0);
  await page.getByTestId("evidence-input").setInputFiles({
    name: "id-card.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
      "base64",
    ),
  });
  await expect(page.getByTestId("evidence-list")).toContainText("อัปโหลดแล้ว");
  const kinds = page.getByRole("combobox", { name: /เอกสารนี้คือ/ }).getByRole("option");
  await expect(kinds).toHaveText(["เลือกประเภทเอกสาร", "สำเนาบัตรประชาชน", "ใบทะเบียนพาณิชย์"]);
  await shot(page, "words-sender-person-th-375");

  await page.goto("/sms-api");
  const caller = page.getByTestId("caller-address");
  await expect(caller).toContainText("ที่อยู่ IP ของคุณตอนนี้");
  await expect(caller).toContainText(/127\.0\.0\.1|::1/);
  await caller.getByRole("button", { name: "เพิ่มที่อยู่นี้" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("textbox", { name: /ชื่อ/ }).first()).toHaveValue("เครือข่ายนี้");
  await shot(page, "words-sms-api-caller-th-375");
  await dialog.getByRole("button", { name: "เพิ่ม", exact: true }).click();
  await expect(caller).toContainText("อนุญาตแล้ว");
  await context.close();
});

test("English at 1280 px: menu words, Sent and the delivery rate, the refused number, the articles item", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { user } = await createTrialUser(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-GB" });
  const page = await context.newPage();
  await signIn(page, user.email, user.password, "en");

  const menu = page.getByRole("navigation", { name: "Main menu" });
  for (const item of ["Buy a package", "Orders", "Contact groups"]) {
    await expect(menu.getByText(item, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByTestId("figure-delivery-rate")).toBeVisible();
  await expect(page.locator("dt", { hasText: /^Sent$/ })).toBeVisible();
  await expect(page.getByText("Delivered to network")).toHaveCount(0);
  await shot(page, "words-dashboard-en-1280");

  await page.goto("/en/sms-api/docs");
  const created = page.getByTestId("response-post-sms-201");
  await expect(created).toContainText('"bad_phone_number_list"');
  const example = JSON.parse((await created.locator("code").textContent()) ?? "{}");
  expect(example.bad_phone_number_list[0].number).not.toBe(example.phone_number_list[0].number);
  await created.scrollIntoViewIfNeeded();
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/words-docs-201-en-1280.png` });

  await page.goto("/en/");
  const articles = page.locator("a[data-articles-link]").first();
  await expect(articles).toBeVisible();
  await expect(articles).not.toHaveAttribute("href");
  await shot(page, "words-home-en-1280");
  await context.close();
});
