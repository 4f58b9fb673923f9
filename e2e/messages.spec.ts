import { randomPhone, signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * Issue 13 points 1 and 5 on screen: a customer with the free trial's credits and its own approved
 * OTP sender sends instant messages from /messages/instant (in English with the mouse, in Thai at 375 px with the keyboard)
 * and watches them settle on /messages: the simulator delivers a normal number within seconds and
 * reports a number ending 993303 as switched off (3/303, failed).
 */
test("an instant message sent from the screen shows up in the sent messages and turns delivered", async ({
  browser,
  request,
}) => {
  // An OTP sender carries every purpose but marketing, so the marketing refusal shows too.
  const { user, sender } = await createSendingUser(request, { type: "otp" });

  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signIn(page, user.email, user.password, "en");

  // English, with the mouse.
  const delivered = randomPhone();
  await page.goto("/en/messages/instant");
  await expect(page.getByRole("heading", { name: "Send instant message" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /^Sender name/ })).toHaveValue(sender);
  await page.getByRole("textbox", { name: /^Phone number/ }).fill(delivered);
  await page.getByRole("textbox", { name: /^Message/ }).fill("Your parcel is on its way");
  await expect(page.getByTestId("sms-parts")).toHaveText("1");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Instant message sent")).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^Phone number/ })).toHaveValue("");

  // Marketing needs the organization's own marketing sender: its OTP sender is not offered.
  await page.getByRole("combobox", { name: /^Purpose/ }).selectOption("marketing");
  await expect(page.getByTestId("marketing-sender-help")).toContainText("own approved marketing sender");
  await expect(page.getByRole("link", { name: "Request a sender name" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();

  // Thai, on a phone-sized screen, with the keyboard only.
  const switchedOff = `08${String(Math.floor(Math.random() * 100)).padStart(2, "0")}993303`;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/messages/instant");
  await expect(page.getByRole("heading", { name: "ส่งข้อความทันที" })).toBeVisible();
  await expect(page.getByTestId("instant-sender")).toHaveValue(sender);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath("instant-th-375.png"), fullPage: true });
  await page.getByTestId("instant-phone").focus();
  await page.keyboard.type(switchedOff);
  await page.keyboard.press("Tab"); // purpose (general)
  await page.keyboard.press("Tab"); // sender (its own)
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("instant-message")).toBeFocused();
  await page.keyboard.type("แจ้งเตือนนัดหมายพรุ่งนี้");
  await expect(page.getByTestId("sms-encoding")).toHaveAttribute("data-encoding", "unicode");
  await page.keyboard.press("Tab"); // shorten and track links (left off)
  await expect(page.getByRole("checkbox", { name: "ย่อและติดตามลิงก์" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("instant-submit")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("ส่งข้อความทันทีเรียบร้อยแล้ว")).toBeVisible();

  // In Thai too, marketing has no sender to offer and links to requesting one.
  await page.getByTestId("instant-purpose").selectOption("marketing");
  await expect(page.getByTestId("instant-sender")).toHaveValue("");
  await expect(
    page.getByTestId("instant-message-form").getByRole("link", { name: "ขอชื่อผู้ส่ง" }),
  ).toHaveAttribute("href", "/senders/create");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath("instant-marketing-th-375.png") });

  // The sent messages: both there, settling without a reload (the list refreshes while in flight).
  await page.getByRole("link", { name: "ข้อความที่ส่งแล้ว" }).first().click();
  await expect(page).toHaveURL(/\/messages$/);
  // At 375 px the list is cards (ADR 38): a row or a card carries data-row.
  const rowOf = (phone: string) => page.locator("[data-row]").filter({ hasText: phone });
  await expect(rowOf(switchedOff).getByTestId("message-status")).toHaveText("ส่งไม่สำเร็จ", {
    timeout: 20_000,
  });
  await expect(rowOf(switchedOff).getByTestId("message-status")).toHaveAttribute("data-colour", "red");

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/en/messages");
  await expect(rowOf(delivered).getByTestId("message-status")).toHaveText("Delivered", { timeout: 20_000 });
  await expect(rowOf(delivered).getByTestId("message-status")).toHaveAttribute("data-colour", "green");
  await expect(rowOf(delivered)).toContainText("Your parcel is on its way");
  await expect(rowOf(delivered)).toContainText(sender);
  await expect(rowOf(delivered)).toContainText("1 / 1");

  // The phone search finds the one number (in the local form it was typed in).
  await page.getByRole("textbox", { name: "Phone number" }).fill(delivered);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`phone=${delivered}`));
  await expect(page.getByTestId("message-status")).toHaveCount(1);
});
