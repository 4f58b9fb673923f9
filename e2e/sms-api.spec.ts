import { createVerifiedUser, signIn } from "./support/accounts";
import { expect, test } from "./support/test";

/**
 * Issue 14 points 1–2 on screen: the owner generates the SMS key, sees the secret once (copied with
 * the toast), refreshes it after a confirmation, and keeps an IP whitelist (a bad address refused
 * with its reason, then add, edit and delete with the spec's toasts).
 */
test("keys are generated, shown once and refreshed; the IP whitelist is kept", async ({
  browser,
  request,
}) => {
  const user = await createVerifiedUser(request);
  const context = await browser.newContext({
    locale: "en-US",
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  await signIn(page, user.email, user.password, "en", "/en/sms-api");
  await expect(page.getByRole("heading", { name: "SMS API", level: 1 })).toBeVisible();
  await expect(page.getByTestId("no-key-sms")).toHaveText("No key yet.");
  await expect(page.getByText("No addresses yet: every address may call the API.")).toBeVisible();

  // Generate: the secret appears once, with a copy button.
  await page.getByRole("button", { name: "Generate SMS key" }).click();
  const generate = page.getByRole("alertdialog", { name: "Generate the SMS API key?" });
  await generate.getByRole("button", { name: "Generate" }).click();
  const secret = (await page.getByTestId("secret-sms").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const firstKey = (await page.getByTestId("key-sms").textContent()) ?? "";
  expect(firstKey).toMatch(/^sk_/);
  await page.getByRole("button", { name: "Copy the SMS API secret" }).click();
  await expect(page.getByText("Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.getByRole("button", { name: "I have saved it" }).click();
  await expect(page.getByTestId("secret-sms")).toHaveCount(0);

  // After a reload the key is still there, the secret never again.
  await page.reload();
  await expect(page.getByTestId("key-sms")).toHaveText(firstKey);
  await expect(page.getByText(secret)).toHaveCount(0);

  // Refresh warns that the old secret stops at once; cancelling keeps the key.
  await page.getByRole("button", { name: "Refresh SMS key" }).click();
  const refresh = page.getByRole("alertdialog", { name: "Refresh the SMS API key?" });
  await expect(refresh).toContainText("The current secret stops working at once");
  await refresh.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("key-sms")).toHaveText(firstKey);
  await page.getByRole("button", { name: "Refresh SMS key" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Refresh now" }).click();
  await expect(page.getByTestId("secret-sms")).toBeVisible();
  await expect(page.getByTestId("key-sms")).not.toHaveText(firstKey);
  expect(await page.getByTestId("secret-sms").textContent()).not.toBe(secret);

  // The whitelist: a bad range is explained, then add, edit and delete.
  await page.getByRole("button", { name: "Add IP address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an IP address" });
  await dialog.getByRole("textbox", { name: /^Name/ }).fill("Office");
  await dialog.getByRole("textbox", { name: /^IP address or range/ }).fill("10.0.0.5/8");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toContainText("A range must start at its network address");
  await dialog.getByRole("textbox", { name: /^IP address or range/ }).fill("2001:DB8::/32");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("IP whitelist created")).toBeVisible();
  const row = page.getByRole("row", { name: /Office/ });
  await expect(row).toContainText("2001:db8::/32");

  await page.getByRole("button", { name: "Edit Office" }).click();
  const edit = page.getByRole("dialog", { name: "Edit IP address" });
  await edit.getByRole("textbox", { name: /^Name/ }).fill("Head office");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("IP whitelist updated")).toBeVisible();
  await expect(page.getByRole("row", { name: /Head office/ })).toBeVisible();

  await page.getByRole("button", { name: "Delete Head office" }).click();
  const confirmDelete = page.getByRole("alertdialog", { name: "Delete this IP address?" });
  await expect(confirmDelete).toContainText("Head office (2001:db8::/32)");
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("IP whitelist deleted")).toBeVisible();
  await expect(page.getByText("No addresses yet: every address may call the API.")).toBeVisible();
  await context.close();
});

test("in Thai on a 375 px phone: generate the OTP key and a translated address error", async ({
  browser,
  request,
}) => {
  const user = await createVerifiedUser(request);
  const context = await browser.newContext({ locale: "th-TH", viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signIn(page, user.email, user.password, "th", "/sms-api");
  await expect(page.getByRole("heading", { name: "SMS API", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "สร้างคีย์ OTP" }).click();
  await page
    .getByRole("alertdialog", { name: "สร้างคีย์ OTP API?" })
    .getByRole("button", { name: "สร้าง" })
    .click();
  await expect(page.getByTestId("secret-otp")).toBeVisible();
  await expect(page.getByText("สร้างคีย์ OTP API แล้ว")).toBeVisible();
  await expect(page.getByTestId("key-otp")).toHaveText(/^ok_/);

  await page.getByRole("button", { name: "เพิ่มที่อยู่ IP" }).click();
  const dialog = page.getByRole("dialog", { name: "เพิ่มที่อยู่ IP" });
  await dialog.getByRole("textbox", { name: /^ชื่อ/ }).fill("เซิร์ฟเวอร์");
  await dialog.getByRole("textbox", { name: /^ที่อยู่ IP หรือช่วง IP/ }).fill("300.1.1.1");
  await dialog.getByRole("button", { name: "เพิ่ม", exact: true }).click();
  await expect(dialog).toContainText("ที่อยู่ IP ไม่ถูกต้อง");
  await dialog.getByRole("textbox", { name: /^ที่อยู่ IP หรือช่วง IP/ }).fill("203.0.113.7");
  await dialog.getByRole("button", { name: "เพิ่ม", exact: true }).click();
  await expect(page.getByText("เพิ่ม IP whitelist สำเร็จ")).toBeVisible();
  // A card on a phone (ADR 38).
  await expect(page.locator("[data-row]").filter({ hasText: /เซิร์ฟเวอร์/ })).toContainText("203.0.113.7");

  // Nothing pushes the page wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

/**
 * Issue 27 point 5 on a 375 px phone, in Thai: the SMPP card says where to connect (or that SMPP is
 * not on here), generates the credentials after a confirmation, shows the password once, and the
 * page does not scroll sideways.
 */
test("SMPP credentials are generated and shown once, in Thai at 375 px", async ({ browser, request }) => {
  const user = await createVerifiedUser(request);
  const context = await browser.newContext({
    locale: "th-TH",
    viewport: { width: 375, height: 812 },
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  await signIn(page, user.email, user.password, "th", "/sms-api");
  const card = page.getByTestId("smpp-card");
  await expect(card.getByRole("heading", { name: "การเชื่อมต่อ SMPP" })).toBeVisible();
  await expect(card.getByTestId("smpp-none")).toHaveText("ยังไม่มีข้อมูลเข้าใช้ SMPP");
  await expect(card.getByTestId("smpp-limits")).toContainText("Window 10 · 50 ข้อความต่อวินาที");
  await card.getByRole("button", { name: "สร้างข้อมูลเข้าใช้ SMPP" }).click();
  await page
    .getByRole("alertdialog", { name: "สร้างข้อมูลเข้าใช้ SMPP หรือไม่" })
    .getByRole("button")
    .last()
    .click();
  const password = (await card.getByTestId("smpp-password").textContent()) ?? "";
  expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
  await expect(card.getByTestId("smpp-system-id")).toHaveText(/^sp[a-z0-9]{10}$/);
  await card.screenshot({ path: test.info().outputPath("smpp-card-th-375.png") });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await card.getByTestId("smpp-dismiss").click();
  await page.reload();
  await expect(card.getByTestId("smpp-system-id")).toBeVisible();
  await expect(page.getByText(password)).toHaveCount(0);
  await context.close();
});
