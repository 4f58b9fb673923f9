import { randomPhone, signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * Issue 13 point 2 on screen: a campaign scheduled once (tomorrow, chosen on the calendar) from the
 * campaign form goes to /reports/campaigns/schedule_headers, where it is active with its next send
 * time and is cancelled after confirming. The recurring choice shows its next five sends and the
 * pattern in words. Then the Thai list at 375 px.
 */
test("a campaign is scheduled once, listed and cancelled; recurring shows its next sends", async ({
  browser,
  request,
}) => {
  const { user, sender } = await createSendingUser(request);

  // A browser on Bangkok time, as a Thai customer's: the calendar names "Today" by the browser's own
  // zone (react-aria), and the earliest day to schedule is Bangkok's. From 17:00 to 24:00 UTC the two
  // days differ, and on a month's last day the calendar opens on the next month, without "Today".
  const page = await (await browser.newContext({ locale: "en-US", timezoneId: "Asia/Bangkok" })).newPage();
  await signIn(page, user.email, user.password, "en", "/en/messages/campaigns");
  await expect(page.getByRole("combobox", { name: /^Sender name/ })).toHaveValue(sender);
  await page.getByRole("textbox", { name: /^Campaign name/ }).fill("Tomorrow's note");
  await page.getByRole("textbox", { name: /^Manual contacts/ }).fill(`${randomPhone()}, ${randomPhone()}`);
  await page.getByRole("textbox", { name: /^Message/ }).fill("See you tomorrow");

  // Recurring: weekly on Monday and Wednesday at 09:00 by default time; five sends and the words.
  await page.getByRole("radio", { name: "Recurring" }).check();
  await page.getByRole("combobox", { name: "Repeat" }).selectOption("weekly");
  await page.getByRole("checkbox", { name: "Wednesday" }).check();
  // Cron shows only for a custom rule (D37); the rule reads in words.
  await expect(page.getByTestId("schedule-cron-expression")).toHaveCount(0);
  await expect(page.getByTestId("schedule-description")).toContainText("Monday");
  await expect(page.getByTestId("schedule-description")).toContainText("Wednesday");
  await expect(page.getByTestId("schedule-description")).toContainText("09:00");
  await expect(page.getByTestId("schedule-next-runs").getByRole("listitem")).toHaveCount(5);

  // Once, tomorrow at 00:00, picked on the calendar.
  await page.getByRole("radio", { name: "Once, at a date and time" }).check();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Please choose the send date and time.")).toBeVisible();
  await page.getByRole("button", { name: "Choose from the calendar" }).click();
  const calendar = page.getByRole("dialog");
  await calendar.getByRole("button", { name: /Today/ }).first().focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await calendar.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("schedule-summary")).toContainText("Once, on");
  await expect(page.getByTestId("summary-recipients")).toHaveText("2");
  // The review's button is the one confirmation (D33).
  await page.getByRole("button", { name: /^Schedule · \d+ credits per send$/ }).click();
  await expect(page.getByText(/Tomorrow's note is scheduled for/)).toBeVisible();
  await expect(page).toHaveURL(/\/en\/reports\/campaigns\/schedule_headers$/);

  const row = page.getByRole("row", { name: /Tomorrow's note/ });
  await expect(row.getByTestId("schedule-status")).toHaveText("Active");
  await expect(row).toContainText("Once");
  await row.getByRole("button", { name: "Cancel Tomorrow's note" }).click();
  const cancel = page.getByRole("alertdialog");
  await expect(cancel).toContainText("will not be sent again");
  await cancel.getByRole("button", { name: "Cancel schedule" }).click();
  await expect(page.getByText("Schedule cancelled: Tomorrow's note")).toBeVisible();
  await expect(row.getByTestId("schedule-status")).toHaveText("Cancelled");
  await expect(row.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);

  // Reached from the campaign reports; Thai at 375 px.
  await page.goto("/en/reports/campaigns");
  await page.getByTestId("schedules-link").click();
  await expect(page.getByRole("heading", { name: "Scheduled campaigns" })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/reports/campaigns/schedule_headers");
  await expect(page.getByRole("heading", { name: "แคมเปญที่ตั้งเวลาส่ง" })).toBeVisible();
  // A card on a phone (ADR 38).
  await expect(
    page.locator("[data-row]").filter({ hasText: "Tomorrow's note" }).getByTestId("schedule-status"),
  ).toHaveText("ยกเลิกแล้ว");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
