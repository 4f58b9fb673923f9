import { createVerifiedUser, randomPhone, signIn } from "./support/accounts";
import { approvedSender } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * Issue 27 point 2 on screen: a campaign to a number the simulator delivers and one it reports
 * switched off (3/303). In Thai at 375 px the delivery analytics show the rate and the reason with
 * no sideways scroll, the day table as a card per day; in English at 1280 px the failed figure and the reason lead to the messages
 * report filtered to that message, and the number's history finds it.
 */
test("delivery analytics show the rate and the failure reason, and each figure leads to its messages", async ({
  browser,
  request,
}) => {
  const user = await createVerifiedUser(request);
  const page = await (
    await browser.newContext({ locale: "th-TH", viewport: { width: 375, height: 800 } })
  ).newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));

  await signIn(page, user.email, user.password, "th");
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem("session") ?? "{}").token as string,
  );
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post("/api/v1/c/orders/free-trial", { headers })).status()).toBe(201);
  const sender = await approvedSender(request, headers);
  const switchedOff = `08${String(Math.floor(Math.random() * 100)).padStart(2, "0")}993303`;
  const name = `Analytics E2E ${Date.now()}`;
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

  // Both outcomes recorded (the chunk job, the simulator's send and its receipt): up to 30 s. The
  // analytics' answer and the messages as the report lists them (status, state/code, submitted), so a
  // miss says which stage the messages were in.
  await expect
    .poll(
      async () => {
        const res = await request.get("/api/v1/c/analytics/delivery", { headers });
        const totals = (await res.json()).data?.totals;
        const list = await request.get("/api/v1/c/messages", { headers });
        const messages = ((await list.json()).data?.entities ?? []) as {
          status: string;
          state: number;
          code: string | null;
          submitted_at: string | null;
        }[];
        return {
          analytics: [res.status(), totals?.messages, totals?.delivered, totals?.failed],
          messages: messages
            .map((m) => `${m.status} ${m.state}/${m.code} ${m.submitted_at ? "submitted" : "not submitted"}`)
            .sort(),
        };
      },
      { timeout: 30_000 },
    )
    .toEqual({
      analytics: [200, 2, 1, 1],
      messages: ["delivered 3/000 submitted", "failed 3/303 submitted"],
    });

  // Thai, on a phone-sized screen.
  await page.goto("/reports/analytics");
  await expect(page.getByRole("heading", { name: "วิเคราะห์การส่ง", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("figure-messages")).toHaveText("2");
  await expect(page.getByTestId("figure-delivered")).toContainText("50%");
  await expect(page.getByTestId("reasons")).toContainText("โทรศัพท์ปลายทางปิดเครื่อง");
  await expect(page.getByRole("img", { name: /ข้อความรายวันตั้งแต่/ })).toBeVisible();
  await expect(page.getByTestId("breakdown")).toContainText(name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The day table on a phone: a card per day, nothing in the chart's box scrolls sideways.
  await page.getByText("แสดงเป็นตาราง").click();
  const chart = page.getByTestId("delivery-chart");
  await expect(chart.getByTestId("data-card").first()).toBeVisible();
  await expect(chart.getByRole("link", { name: "โทรศัพท์ปลายทางปิดเครื่อง" })).toBeVisible();
  const sideways = await chart.evaluate((root) =>
    [root, ...root.querySelectorAll("*")]
      // A box that scrolls: wider content than its own width, clipped (sr-only texts are 1 px boxes).
      .filter(
        (el) =>
          el.clientWidth > 1 &&
          el.scrollWidth > el.clientWidth + 1 &&
          getComputedStyle(el).overflowX !== "visible",
      )
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join(".")}`),
  );
  expect(sideways).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath("analytics-th-375.png"), fullPage: true });

  // English, wide: follow the failed figure to its messages.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/en/reports/analytics?by=operator");
  await expect(page.getByRole("heading", { name: "Delivery analytics", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("reasons")).toContainText("Mobile switched off (3/303)");
  await expect(page.getByRole("heading", { name: "By operator" })).toBeVisible();
  await page.getByText("Show as table").click();
  await expect(page.getByRole("table", { name: "Delivery per day" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("analytics-en-1280.png"), fullPage: true });

  await page.getByTestId("reasons").getByRole("link", { name: "1" }).click();
  await expect(page).toHaveURL(/\/en\/reports\/messages\?start=.*&status=failed&reason=3%2F303/);
  await expect(page.getByTestId("figure-filters")).toContainText("Mobile switched off (3/303)");
  await expect(page.getByTestId("report-recipient")).toHaveText([switchedOff]);
  await page.screenshot({ path: test.info().outputPath("analytics-messages-en.png"), fullPage: true });

  // The campaign's delivered figure, from the breakdown by campaign.
  await page.goto("/en/reports/analytics");
  await page.getByTestId("breakdown").getByRole("link", { name: "50%" }).click();
  await expect(page).toHaveURL(new RegExp(`campaign_id=${campaignId}&status=delivered`));
  await expect(page.getByTestId("report-recipient")).toHaveCount(1);
  await expect(page.getByTestId("report-recipient")).not.toHaveText(switchedOff);

  // The number's history.
  await page.goto("/en/reports/analytics");
  const history = page.getByTestId("number-history");
  await history.getByLabel("Phone number").fill(switchedOff);
  await history.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("number-history")).toContainText("Mobile switched off (3/303)");
  await expect(page.getByTestId("history-searched")).toContainText("Searched back to");
  expect(errors).toEqual([]);
});
