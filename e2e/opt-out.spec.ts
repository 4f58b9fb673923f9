import { randomPhone } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * The opt-out footer end to end (issue 27 point 1, ADR 93): a marketing SMS reaches the handset
 * (the simulator's dev inbox) with its `/u/<token>` link; the recipient opens it on a phone, in
 * Thai, and taps once; the number is then on the organization's suppression list with reason
 * `link`, in its consent history, and left out of the next marketing send. Opening the link alone
 * changes nothing, and tapping again says it is already done.
 */
test("a marketing SMS's opt-out link unsubscribes its number with one tap, in Thai at 375 px", async ({
  browser,
  request,
}) => {
  const { headers, sender } = await createSendingUser(request);
  const phone = randomPhone();
  const sent = await request.post("/api/v1/c/messages", {
    headers,
    data: { phone_number: phone, sender, message: "Sale: 20% off today only", purpose: "marketing" },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The handset receives the text with its footer.
  let link = "";
  await expect
    .poll(
      async () => {
        const inbox = await request.get(`/api/v1/dev/inbox?channel=sms&to=${phone}`);
        const texts = ((await inbox.json()).data.entities as { text: string }[]).map((e) => e.text);
        link = texts.map((text) => /\/u\/[0-9A-Za-z]{14}\b/.exec(text)?.[0]).find(Boolean) ?? "";
        return texts[0] ?? "";
      },
      { timeout: 20_000 },
    )
    .toMatch(/^Sale: 20% off today only\nOpt out: \S+\/u\/[0-9A-Za-z]{14}$/);

  const context = await browser.newContext({ locale: "th-TH", viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "ยกเลิกรับข้อความ" })).toBeVisible();
  await expect(page.getByText(`ไม่ต้องการรับข้อความโฆษณาจาก ${sender}`)).toBeVisible();
  // The number is masked: the link may be forwarded.
  await expect(page.locator("body")).not.toContainText(phone.slice(3, 7));
  const button = page.getByTestId("opt-out-confirm");
  // One tap, thumb-sized (the page's own stylesheet applies under its policy).
  const box = await button.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(48);
  expect(box?.width).toBeGreaterThan(280);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/opt-out-ask-th-375.png` });

  // Opening the link added nothing: the next marketing preview still reaches the number.
  const previewOf = async () =>
    (
      await (
        await request.post("/api/v1/c/campaigns/preview", {
          headers,
          data: { purpose: "marketing", manual_contacts: phone, message: "Sale" },
        })
      ).json()
    ).data as { recipients: number; suppressed: number };
  expect(await previewOf()).toMatchObject({ recipients: 1, suppressed: 0 });

  await button.click();
  await expect(page.getByRole("heading", { name: "ยกเลิกเรียบร้อยแล้ว" })).toBeVisible();
  await expect(page.getByTestId("opt-out-result")).toContainText(`จะไม่ได้รับข้อความโฆษณาจาก ${sender} อีก`);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/opt-out-done-th-375.png` });

  expect(await previewOf()).toMatchObject({ recipients: 0, suppressed: 1 });
  const list = await request.get(`/api/v1/c/suppressions?search=${phone.slice(1)}`, { headers });
  expect(list.status()).toBe(200);
  expect((await list.json()).data.entities).toEqual([expect.objectContaining({ reason: "link" })]);

  // Opening the link again (kept in the SMS) says it is done, with nothing to tap; English on request.
  await page.goto(`${link}?lang=en`);
  await expect(page.getByRole("heading", { name: "Already unsubscribed" })).toBeVisible();
  await expect(page.getByTestId("opt-out-result")).toContainText(
    `already gets no marketing messages from ${sender}`,
  );
  await expect(page.getByTestId("opt-out-confirm")).toHaveCount(0);
  await context.close();
});
