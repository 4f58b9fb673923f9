import { randomPhone } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * The message engine end to end (issue 12), through the real built app: a customer with the free
 * trial's credits and its own approved sender sends an instant message and a campaign through the
 * API; the worker dispatches them to the simulator, whose delivery reports come back and settle
 * every message (a number ending 993303 is switched off, one ending 991006 has a refused sender).
 * On /dev/inbox the SMS shows its stored report, and a STOP reply sent as that handset takes the
 * number off marketing.
 */
test("a send is charged, dispatched, reported, and a STOP reply suppresses the number", async ({
  browser,
  request,
}) => {
  const { headers, sender } = await createSendingUser(request);

  const delivered = randomPhone();
  const instant = await request.post("/api/v1/c/messages", {
    headers,
    data: {
      phone_number: delivered,
      sender,
      message: "Your parcel is on its way",
      purpose: "general",
    },
  });
  expect(instant.status()).toBe(201);

  const switchedOff = `08${String(Math.floor(Math.random() * 100)).padStart(2, "0")}993303`;
  const refusedSender = `08${String(Math.floor(Math.random() * 100)).padStart(2, "0")}991006`;
  const campaign = await request.post("/api/v1/c/campaigns", {
    headers,
    data: {
      name: "E2E engine",
      sender,
      purpose: "general",
      manual_contacts: `${delivered}\n${switchedOff}; ${refusedSender}, 12345`,
      message: "สวัสดีค่ะ โปรโมชันใหม่มาแล้ว",
    },
  });
  expect(campaign.status()).toBe(201);
  const campaignId = (await campaign.json()).data.id as number;

  // Every message settles: one delivered, the switched-off handset failed, the refused sender failed.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/c/campaigns/${campaignId}/summary`, { headers });
        const { messages } = (await res.json()).data as { messages: Record<string, number> };
        return {
          delivered: messages.delivered,
          failed: messages.failed,
          sent: messages.sent,
          queued: messages.queued,
        };
      },
      { timeout: 20_000 },
    )
    .toEqual({ delivered: 1, failed: 2, sent: 0, queued: 0 });

  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await page.goto("/en/dev/inbox");
  await page.getByLabel("Recipient").fill(delivered);
  const entries = page.getByTestId("dev-inbox-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.first().getByTestId("dev-inbox-report")).toContainText(
    "Delivery report 3/000 Delivered · stored",
  );

  await page.getByLabel("From (the handset)").fill(delivered);
  await page.getByLabel("Reply", { exact: true }).fill("STOP");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply received: the number no longer gets marketing")).toBeVisible();

  const preview = await request.post("/api/v1/c/campaigns/preview", {
    headers,
    data: { purpose: "marketing", manual_contacts: `${delivered}, ${randomPhone()}`, message: "Sale" },
  });
  expect(preview.status()).toBe(200);
  expect((await preview.json()).data).toMatchObject({ recipients: 1, suppressed: 1 });
});
