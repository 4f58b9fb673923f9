import { createVerifiedUser, randomPhone, signIn, uniq } from "./support/accounts";
import { expect, test } from "./support/test";

/**
 * Issue 27 point 1 on screen (ADR 108): every opt-in records the text agreed and, when it is the
 * organization's consent wording, its version. In Thai at 375 px the owner saves the organization's
 * own wording (version 2); the contact form starts from it and refuses a blank text; the import
 * starts from it too; the contact's history shows the text and the version. In English at 1280 px a
 * contact added through the API without a text records the wording, and the PDPA export has the
 * version column.
 */
test("every opt-in records the text agreed with the organization's wording version, on a phone and a desktop", async ({
  browser,
  request,
}) => {
  // Settings, the form, an import and two histories in two languages: a long journey (as words.spec).
  test.setTimeout(120_000);
  const user = await createVerifiedUser(request);
  const page = await (
    await browser.newContext({ locale: "th-TH", viewport: { width: 375, height: 800 } })
  ).newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );

  await signIn(page, user.email, user.password, "th");
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem("session") ?? "{}").token as string,
  );
  const headers = { authorization: `Bearer ${token}` };

  // The settings page: the portal's wording is version 1 until the owner saves the organization's own.
  await page.goto("/accounts/settings");
  const wordingCard = page.getByTestId("consent-wording");
  await expect(wordingCard.getByTestId("consent-wording-version")).toContainText("เวอร์ชัน 1");
  const wording = `สมาชิกร้าน ${uniq()} ยินยอมรับข่าวสารและโปรโมชันทาง SMS`;
  await wordingCard.getByRole("textbox", { name: /^ข้อความความยินยอม/ }).fill(wording);
  await wordingCard.getByRole("button", { name: "บันทึกข้อความ" }).click();
  await expect(wordingCard.getByTestId("consent-wording-version")).toContainText("เวอร์ชัน 2 บันทึกเมื่อ");
  await fits();
  await page.screenshot({ path: test.info().outputPath("consent-settings-th-375.png"), fullPage: true });

  // The contact form starts from the wording and refuses a blank text.
  const group = await request.post("/api/v1/c/contact-groups", {
    headers,
    data: { name: `ยินยอม ${uniq()}` },
  });
  const groupId = (await group.json()).data.id as number;
  await page.goto(`/contacts/${groupId}/create`);
  const consent = page.getByRole("textbox", { name: /^ข้อความที่เจ้าของหมายเลขยินยอม/ });
  await expect(consent).toHaveValue(wording);
  await expect(page.getByText(/ข้อความความยินยอมขององค์กร เวอร์ชัน 2/)).toBeVisible();
  const phone = randomPhone();
  await page.getByLabel(/^หมายเลขโทรศัพท์/).fill(phone);
  await consent.fill("");
  await page.getByRole("button", { name: "เพิ่มรายชื่อ" }).click();
  await expect(page.getByText("กรุณากรอกข้อความหรือเวอร์ชันที่เจ้าของหมายเลขให้ความยินยอม")).toBeVisible();
  await fits();
  await page.screenshot({ path: test.info().outputPath("consent-form-blank-th-375.png"), fullPage: true });
  await consent.fill(wording);
  await page.getByRole("button", { name: "เพิ่มรายชื่อ" }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${groupId}$`));

  // The import starts from the wording too.
  await page.getByTestId("import-file").setInputFiles({
    name: "contacts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`first_name,last_name,phone_number\r\nมาลี,มีสุข,${randomPhone()}\r\n`, "utf8"),
  });
  await page.getByRole("button", { name: /^อัปโหลด/ }).click();
  const importConsent = page.getByTestId("import-consent");
  await expect(importConsent).toHaveValue(wording, { timeout: 20_000 });
  await fits();
  await page.getByRole("button", { name: /^ดำเนินการต่อและนำเข้า/ }).click();
  await expect(page.getByTestId("import-finished")).toBeVisible({ timeout: 20_000 });

  // The contact's history: the text agreed and the wording's version.
  await page
    .getByRole("button", { name: /^แก้ไข / })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  const entry = dialog.getByTestId("consent-entry").first();
  await expect(entry).toContainText(`ข้อความที่ยินยอม: ${wording}`);
  await expect(entry).toContainText("ข้อความความยินยอมเวอร์ชัน 2");
  await fits();
  await page.screenshot({ path: test.info().outputPath("consent-history-th-375.png"), fullPage: true });
  await page.keyboard.press("Escape");

  // English, wide: a contact added through the API without a text records the wording, version 2.
  await page.setViewportSize({ width: 1280, height: 900 });
  const byApi = randomPhone();
  const added = await request.post(`/api/v1/c/contact-groups/${groupId}/contacts`, {
    headers,
    data: { first_name: "Api", phone_number: byApi },
  });
  expect(added.status()).toBe(201);
  await page.goto(`/en/contacts/${groupId}`);
  await page.getByRole("button", { name: "Edit Api" }).click();
  const apiEntry = page.getByRole("dialog").getByTestId("consent-entry").first();
  await expect(apiEntry).toContainText("Opted in · added through the API");
  await expect(apiEntry).toContainText(`Text agreed: ${wording}`);
  await expect(apiEntry).toContainText("Consent wording version 2");
  await page.screenshot({ path: test.info().outputPath("consent-history-en-1280.png"), fullPage: true });
  await page.keyboard.press("Escape");
  await page.goto("/en/accounts/settings");
  await expect(page.getByTestId("consent-wording-version")).toContainText("Version 2, saved on");
  await fits();
  await page.screenshot({ path: test.info().outputPath("consent-settings-en-1280.png"), fullPage: true });

  // The PDPA export: the text and the version of each of the three opt-ins.
  const csv = await (
    await request.get("/api/v1/c/consents/export", { headers: { ...headers, "accept-language": "en" } })
  ).text();
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe("Phone number,Consent,Source,Text agreed,Consent wording version,Recorded at");
  expect(lines.slice(1).map((line) => line.split(",").slice(1, 5).join(","))).toEqual([
    `Opted in,API,${wording},2`,
    `Opted in,File import,${wording},2`,
    `Opted in,Contact form,${wording},2`,
  ]);
  expect(errors).toEqual([]);
});
