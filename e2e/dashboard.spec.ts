import { createVerifiedUser, randomPhone, signIn } from "./support/accounts";
import { approvedSender } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * Issue 15 point 1 on screen: a new organization's dashboard (zeros, the getting-started checklist
 * with only "verify" done, no campaign yet); after the free trial, an approved sender and a campaign
 * its figures, chart and latest campaign follow from the engine's rollups, and the campaign links to its report. Then in
 * Thai at 375 px: the Buddhist-era expiry, the chart's table alternative, no horizontal scroll.
 */
test("the dashboard follows a new organization from its first steps to its first campaign", async ({
  browser,
  request,
}) => {
  const user = await createVerifiedUser(request);
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));

  await signIn(page, user.email, user.password, "en");
  // A generous first wait: the page's chunks load on a shared, busy machine in CI.
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible({ timeout: 30_000 });
  const checklist = page.getByTestId("checklist");
  await expect(checklist).toContainText("1 of 5 done");
  await expect(page.getByTestId("step-verify")).toHaveAttribute("data-done", "true");
  await expect(
    page.getByTestId("step-buy_credit").getByRole("link", { name: "Buy a package" }),
  ).toHaveAttribute("href", "/en/subscriptions");
  await expect(page.getByTestId("figure-remaining")).toHaveText("0");
  await expect(page.getByTestId("figure-expiry")).toHaveText("No credit yet");
  await expect(page.getByTestId("figure-sent")).toHaveText("0");
  await expect(page.getByTestId("chart-empty")).toBeVisible();
  await expect(page.getByTestId("recent-empty")).toBeVisible();

  // The free trial, an own sender staff approve, and a campaign to a number the simulator delivers and one it reports switched off.
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem("session") ?? "{}").token as string,
  );
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post("/api/v1/c/orders/free-trial", { headers })).status()).toBe(201);
  const sender = await approvedSender(request, headers);
  const name = `Dashboard E2E ${Date.now()}`;
  const switchedOff = `08${String(Math.floor(Math.random() * 100)).padStart(2, "0")}993303`;
  const campaign = await request.post("/api/v1/c/campaigns", {
    headers,
    data: {
      name,
      sender,
      purpose: "general",
      manual_contacts: `${randomPhone()}\n${switchedOff}`,
      message: "Your parcel is on its way",
    },
  });
  expect(campaign.status()).toBe(201);
  const campaignId = (await campaign.json()).data.id as number;

  // The rollups move in the transaction that records each outcome: wait for both outcomes on the
  // endpoint the page reads, then load the page once (not a reload every few seconds). Up to 30 s:
  // the campaign's chunk job, the simulator's send and its receipt.
  await expect
    .poll(
      async () => {
        const res = await request.get("/api/v1/c/me/dashboard", { headers });
        const totals = (await res.json()).data.messages?.totals;
        return totals && [totals.delivered, totals.failed];
      },
      { timeout: 30_000 },
    )
    .toEqual([1, 1]);
  await page.reload();
  await expect(page.getByTestId("figure-delivered")).toHaveText("1");
  await expect(page.getByTestId("figure-failed")).toHaveText("1");
  await expect(page.getByTestId("figure-sent")).toHaveText("2");
  await expect(page.getByTestId("checklist")).toContainText("4 of 5 done");
  await expect(page.getByTestId("step-sender")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("step-send")).toHaveAttribute("data-done", "true");
  await expect(
    page.getByRole("img", { name: /Messages per day by status .*: 2 messages in all/ }),
  ).toBeVisible();
  await expect(page.getByTestId("type-campaign")).toContainText("2");
  await page.getByText("Show the figures as a table").click();
  await expect(page.getByRole("table", { name: "Messages per day" })).toBeVisible();
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/en/reports/campaigns/${campaignId}$`));

  // Thai, on a phone-sized screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "แดชบอร์ด", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("figure-sent")).toHaveText("2");
  await expect(page.getByTestId("figure-expiry")).toHaveText(/25\d\d$/);
  await expect(page.getByText("แสดงตัวเลขเป็นตาราง")).toBeVisible();
  await expect(page.getByRole("img", { name: /จำนวนข้อความรายวันตามสถานะ/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath("dashboard-th-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/en/dashboard");
  await expect(page.getByTestId("figure-sent")).toHaveText("2");
  await page.screenshot({ path: test.info().outputPath("dashboard-en.png"), fullPage: true });
  expect(errors).toEqual([]);
});
