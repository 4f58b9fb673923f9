import type { Page } from "@playwright/test";
import { randomPhone, signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * Issue 13 on screen: /messages/files. A customer with the free trial's credits uploads a small CSV
 * (two good numbers, one repeated, one invalid), sees the upload read, the phone column and the
 * file's tags, previews the counts, skips the invalid row after confirming, sends, and lands on the
 * campaign's report. Then the Thai page at 375 px.
 */
test("a campaign from a CSV file is read, mapped, previewed, sent and reported", async ({
  browser,
  request,
}) => {
  const { user, sender } = await createSendingUser(request);

  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signIn(page, user.email, user.password, "en", "/en/messages/files");
  await expect(page.getByRole("heading", { name: "Send campaign from a file" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /^Sender name/ })).toHaveValue(sender);

  // Only CSV or XLSX.
  await page.getByTestId("file-input").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await expect(page.getByTestId("file-error")).toHaveText("* Unsupported file format");

  const [first, second] = [randomPhone(), randomPhone()];
  const csv = `Phone,Name,Amount Due\n${first},Ann,100\n${second},Ben,250\n${first},Ann,100\n12345,Bad,0\n`;
  await page.getByTestId("file-input").setInputFiles({
    name: "customers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(page.getByTestId("file-error")).toBeEmpty();
  await page.getByRole("button", { name: "Upload and read the file" }).click();

  await expect(page.getByRole("heading", { name: "Columns and message" })).toBeFocused();
  await expect(page.getByTestId("file-summary")).toContainText("4 rows read; 2 numbers can be sent to.");
  await expect(page.getByRole("combobox", { name: /^Phone number column/ })).toHaveValue("Phone");
  await page.getByRole("textbox", { name: /^Campaign name/ }).fill("Bills from file");
  await page.getByRole("textbox", { name: /^Message/ }).fill("Hi ");
  await page.getByTestId("file-tag-name").click();
  await page.getByRole("textbox", { name: /^Message/ }).press("End");
  await page.getByRole("textbox", { name: /^Message/ }).pressSequentially(", you owe ");
  await page.getByTestId("file-tag-amount_due").click();
  await expect(page.getByRole("textbox", { name: /^Message/ })).toHaveValue(
    "Hi {name}, you owe {amount_due}",
  );

  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Check before sending" })).toBeFocused();
  await expect(page.getByTestId("summary-recipients")).toHaveText("2");
  await expect(page.getByTestId("summary-invalid")).toHaveText("1");
  await expect(page.getByTestId("summary-duplicates")).toHaveText("1");
  await expect(page.getByTestId("summary-credits")).toHaveText("2");
  await expect(page.getByTestId("file-invalid-notice")).toContainText("1 row has an invalid number");

  await page.getByRole("button", { name: "Skip 1 invalid rows and send 2 messages · 2 credits" }).click();
  await expect(page.getByText("File campaign created: Bills from file")).toBeVisible();
  await expect(page).toHaveURL(/\/en\/reports\/campaigns\/\d+$/);
  await expect(page.getByRole("heading", { name: "Bills from file" })).toBeVisible();

  // Thai at 375 px: the page fits the screen and speaks Thai.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/messages/files");
  await expect(page.getByRole("heading", { name: "ส่งแคมเปญจากไฟล์" })).toBeVisible();
  await page.getByTestId("file-upload").click();
  await expect(page.getByTestId("file-error")).toHaveText("* กรุณาแนบไฟล์ .csv หรือไฟล์ Excel");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("an unsent file campaign survives a reload and can be started over (D36)", async ({
  browser,
  request,
}) => {
  const { user } = await createSendingUser(request);
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signIn(page, user.email, user.password, "en", "/en/messages/files");
  await page.getByTestId("file-input").setInputFiles({
    name: "reminders.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Phone,Name\n${randomPhone()},Ann\n${randomPhone()},Ben\n`),
  });
  await page.getByRole("button", { name: "Upload and read the file" }).click();
  await expect(page.getByTestId("file-summary")).toContainText("reminders.csv");
  await page.getByRole("textbox", { name: /^Message/ }).fill("Your parcel is on its way");
  // The draft is stored as it changes; a reload finds it, file included (the preview reads it again).
  await expect.poll(() => storedDraftMessage(page)).toBe("Your parcel is on its way");
  await page.reload();
  await expect(page.getByTestId("file-draft-kept")).toContainText("Your unsent draft was kept");
  await expect(page.getByTestId("file-summary")).toContainText("reminders.csv");
  await expect(page.getByRole("textbox", { name: /^Message/ })).toHaveValue("Your parcel is on its way");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("summary-recipients")).toHaveText("2");

  await page.getByTestId("file-back").click();
  await page.getByRole("button", { name: "Start over" }).click();
  await expect(page.getByTestId("file-chosen")).toHaveText("No file chosen");
  await expect.poll(() => storedDraftMessage(page)).toBeNull();
  await page.reload();
  await expect(page.getByTestId("file-form")).toBeVisible();
  await expect(page.getByTestId("file-draft-kept")).toHaveCount(0);
});

/** The message of the file-campaign draft the browser stores (IndexedDB), or null without one. */
function storedDraftMessage(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open("sms-portal-drafts", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("file-campaign");
        open.onsuccess = () => {
          const get = open.result.transaction("file-campaign").objectStore("file-campaign").get("draft");
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result ? String(get.result.values?.message ?? "") : null);
          };
        };
        open.onerror = () => resolve(null);
      }),
  );
}
