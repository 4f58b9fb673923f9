import { randomPhone, signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * Issue 13 point 5 on screen: a campaign sent through the API to a number the simulator delivers and
 * one ending 993303 (switched off) shows in /reports/campaigns; its report opens while the messages
 * are still on their way and, refreshing on its own, shows one delivered and one failed, with the
 * message list's status chips in the spec colours and its status filter. Then in Thai at 375 px.
 */
test("a campaign's report shows its messages settle on their own", async ({ browser, request }) => {
  const { user, sender } = await createSendingUser(request);

  // Signing in on screen ends the API session (one session per user): the API goes on with the page's.
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signIn(page, user.email, user.password, "en", "/en/reports/campaigns");
  await expect(page.getByRole("heading", { name: "Campaign reports" })).toBeVisible();
  await expect(page.getByText("No campaign has been sent yet.")).toBeVisible();
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem("session") ?? "{}").token as string,
  );
  const headers = { authorization: `Bearer ${token}` };

  const delivered = randomPhone();
  const switchedOff = `08${String(Math.floor(Math.random() * 100)).padStart(2, "0")}993303`;
  const name = `Report E2E ${Date.now()}`;
  const campaign = await request.post("/api/v1/c/campaigns", {
    headers,
    data: {
      name,
      sender,
      purpose: "general",
      manual_contacts: `${delivered}\n${switchedOff}`,
      message: "Your appointment is tomorrow",
    },
  });
  expect(campaign.status()).toBe(201);
  const campaignId = (await campaign.json()).data.id as number;

  await page.getByRole("searchbox", { name: "Search by campaign name" }).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const link = page.getByTestId(`campaign-link-${campaignId}`);
  await expect(link).toHaveText(name);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/en/reports/campaigns/${campaignId}$`));
  await expect(page.getByTestId("campaign-name")).toHaveText(name);
  await expect(page.getByTestId("summary-recipients")).toHaveText("2");
  // No reload: the page reads the summary and the messages again until every message has settled.
  await expect(page.getByTestId("summary-delivered")).toHaveText("1", { timeout: 20_000 });
  await expect(page.getByTestId("summary-failed")).toHaveText("1", { timeout: 20_000 });
  await expect(page.getByTestId("summary-in-flight")).toHaveText("0");
  await expect(page.getByTestId("summary-live")).toHaveText("All messages have a final status.");
  const chips = page.getByTestId("message-status");
  await expect(chips).toHaveCount(2);
  await expect(page.locator('[data-testid="message-status"][data-colour="green"]')).toHaveText("Delivered");
  await expect(page.locator('[data-testid="message-status"][data-colour="red"]')).toHaveText("Failed");
  await expect(page.getByTestId("refund-window")).toContainText("Can be claimed from");

  await page.getByRole("combobox", { name: "Status" }).selectOption("failed");
  await expect(chips).toHaveCount(1);
  await expect(page.getByTestId("message-recipient")).toHaveText(switchedOff);

  // Thai, on a phone-sized screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/reports/campaigns/${campaignId}`);
  await expect(page.getByRole("heading", { name: "สรุป" })).toBeVisible();
  await expect(page.getByTestId("summary-delivered")).toHaveText("1");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
