import type { Page } from "@playwright/test";
import { randomPhone, signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/** The top bar's balance as a number. */
async function balanceOf(page: Page): Promise<number> {
  const text = (await page.getByTestId("credit-balance").locator("strong").textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

/**
 * Issue 13 point 7's journey, all on screen: a campaign to a contact group and typed numbers is
 * composed, previewed and sent; its report shows the statuses turn delivered and failed on their
 * own. The server's clock is then moved a day on (the `X-Test-Now` header, honoured outside
 * production only) and the undelivered message's credit is claimed back into the balance.
 */
test("compose, send, watch the report settle, and claim the refund after the window", async ({
  browser,
  request,
}) => {
  const { user, headers } = await createSendingUser(request);
  const group = await request.post("/api/v1/c/contact-groups", { headers, data: { name: "Debtors" } });
  expect(group.status()).toBe(201);
  const groupId = (await group.json()).data.id as number;
  const contact = await request.post(`/api/v1/c/contact-groups/${groupId}/contacts`, {
    headers,
    data: { first_name: "Anan", phone_number: randomPhone() },
  });
  expect(contact.status()).toBe(201);

  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, user.email, user.password, "en", "/en/messages/campaigns");
  await expect(page.getByRole("heading", { name: "Send campaign" })).toBeVisible();
  await expect.poll(() => balanceOf(page)).toBeGreaterThan(0);
  const before = await balanceOf(page);

  // The group's contact is delivered; the typed number ending 993303 is "switched off" (3/303).
  const name = `Refund journey ${Date.now()}`;
  const switchedOff = `08${String(Math.floor(Math.random() * 100)).padStart(2, "0")}993303`;
  await page.getByRole("textbox", { name: /^Campaign name/ }).fill(name);
  await page.getByRole("checkbox", { name: /Debtors/ }).check();
  await page.getByRole("textbox", { name: /^Manual contacts/ }).fill(switchedOff);
  await page.getByRole("textbox", { name: /^Message/ }).fill("Your statement is ready");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("summary-recipients")).toHaveText("2");
  await expect(page.getByTestId("summary-credits")).toHaveText("2");
  await page.getByRole("button", { name: "Send 2 messages · 2 credits" }).click();
  await expect(page.getByText(`Campaign "${name}" sent`)).toBeVisible();
  await expect.poll(() => balanceOf(page)).toBe(before - 2);

  await page.goto("/en/reports/campaigns");
  await page.getByRole("searchbox", { name: "Search by campaign name" }).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByTestId("campaign-name")).toHaveText(name);
  await expect(page.getByTestId("summary-delivered")).toHaveText("1", { timeout: 20_000 });
  await expect(page.getByTestId("summary-failed")).toHaveText("1", { timeout: 20_000 });
  await expect(page.locator('[data-testid="message-status"][data-colour="red"]')).toHaveText("Failed");
  // Too early: the network may still retry for a day.
  await expect(page.getByTestId("refund-window")).toContainText("Can be claimed from");
  await expect(page.getByTestId("claim-refund")).toHaveCount(0);

  // A day and an hour later, on the server's clock.
  await context.setExtraHTTPHeaders({ "X-Test-Now": new Date(Date.now() + 25 * 3600_000).toISOString() });
  await page.reload();
  await expect(page.getByTestId("refundable-credits")).toHaveText("1");
  await expect(page.getByTestId("refund-window")).toContainText("Can be claimed until");
  await page.getByTestId("claim-refund").click();
  await expect(page.getByRole("alertdialog")).toContainText("1 credit of undelivered messages of");
  await page.getByTestId("confirm-refund").click();
  await expect(page.getByText("Credits refunded", { exact: true })).toBeVisible();
  await expect.poll(() => balanceOf(page)).toBe(before - 1);
  await expect(page.getByTestId("refund-window")).toContainText("1 credit was refunded");
  await expect(page.getByTestId("claim-refund")).toHaveCount(0);

  // The refund is listed, in Thai, on a phone-sized screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/reports/credit-refunds");
  await expect(page.getByText(name)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
