import { randomPhone, signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * Issue 13 point 1 on screen: a customer with the free trial's credits composes a campaign on
 * /messages/campaigns to a contact group made through the API and to typed numbers, previews it
 * (recipients, dropped numbers, credits and balance), sends it after confirming and sees the toast.
 */
test("a campaign to a group and typed numbers is previewed, confirmed and sent", async ({
  browser,
  request,
}) => {
  const { user, headers, sender } = await createSendingUser(request);
  const created = await request.post("/api/v1/c/contact-groups", { headers, data: { name: "Customers" } });
  expect(created.status()).toBe(201);
  const groupId = (await created.json()).data.id as number;
  for (const [first_name, phone_number] of [
    ["Anan", randomPhone()],
    ["Busaba", randomPhone()],
  ] as const) {
    const contact = await request.post(`/api/v1/c/contact-groups/${groupId}/contacts`, {
      headers,
      data: { first_name, phone_number },
    });
    expect(contact.status()).toBe(201);
  }

  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signIn(page, user.email, user.password, "en", "/en/messages/campaigns");
  await expect(page.getByRole("heading", { name: "Send campaign" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /^Sender name/ })).toHaveValue(sender);

  // Nothing to send to yet: the server's rule, on the groups.
  await page.getByRole("textbox", { name: /^Campaign name/ }).fill("November reminder");
  await page.getByRole("textbox", { name: /^Message/ }).fill("Hello ");
  await page.getByTestId("insert-first_name").click();
  await expect(page.getByRole("textbox", { name: /^Message/ })).toHaveValue("Hello {first_name}");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("campaign-groups-error")).toContainText(
    "Please select contact groups or fill in manual contact",
  );

  // A group with its count, and typed numbers counted live (one repeated, one invalid).
  const typed = randomPhone();
  await page.getByRole("checkbox", { name: /Customers/ }).check();
  await expect(page.getByTestId("campaign-groups")).toContainText("2 contacts");
  await page.getByRole("textbox", { name: /^Manual contacts/ }).fill(`${typed}, ${typed}; 12345`);
  await expect(page.getByTestId("campaign-manual-count")).toHaveText("Valid: 1 · Invalid: 1 · Duplicates: 1");

  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Check before sending" })).toBeFocused();
  await expect(page.getByTestId("summary-recipients")).toHaveText("3");
  await expect(page.getByTestId("summary-invalid")).toHaveText("1");
  await expect(page.getByTestId("summary-duplicates")).toHaveText("1");
  await expect(page.getByTestId("summary-credits")).toHaveText("3");

  // Back keeps what was typed; then one Send that says what it does, landing on the report (D33, D34).
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("textbox", { name: /^Campaign name/ })).toHaveValue("November reminder");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("summary-groups")).toHaveText("Customers");
  await expect(page.getByTestId("preview-sample")).toContainText("Hello ");
  await page.getByRole("button", { name: "Send 3 messages · 3 credits" }).click();
  await expect(page.getByText('Campaign "November reminder" sent')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/reports\/campaigns\/\d+$/);

  // Thai at 375 px: the form fits the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/messages/campaigns");
  await expect(page.getByRole("heading", { name: "ส่งแคมเปญ" })).toBeVisible();
  await expect(page.getByTestId("campaign-groups")).toContainText("Customers");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Typed numbers in every form the other screens accept; the refused ones listed (D32).
  await page.getByRole("textbox", { name: /^เบอร์ผู้รับที่กรอกเอง/ }).fill("0891112233, 12345, 66891112235");
  await expect(page.getByTestId("campaign-manual-count")).toHaveText("ถูกต้อง: 2 · ไม่ถูกต้อง: 1 · ซ้ำ: 0");
  await expect(page.getByTestId("campaign-manual-invalid")).toContainText("12345");
  // A Thai sample name, one count under the field that stays in view while typing (D29, D30, D56).
  const message = page.getByRole("textbox", { name: /^ข้อความ/ });
  await message.fill("สวัสดีคุณ");
  await page.getByTestId("insert-first_name").click();
  await expect(page.getByTestId("sms-preview-text")).toHaveText("สวัสดีคุณสมชาย");
  await expect(page.getByTestId("sms-counter")).toContainText("14 ตัวอักษร · 1 SMS");
  await expect(page.getByTestId("sms-forcing")).toHaveCount(0);
  await message.focus();
  await expect(page.getByTestId("sms-counter")).toBeInViewport();
});
