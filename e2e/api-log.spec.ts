import type { Page } from "@playwright/test";
import { randomPhone, signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * Issue 27 point 3 on screen: calls sent through the public API (one accepted, one refused with a
 * wrong secret) appear in the API request log, in Thai at 375 px (cards) and in English at 1280 px
 * (the table, filtered by message id); the test console sends an SMS with the pasted secret and
 * that call is in the log too. With SHOTS set, each view is saved there as a screenshot.
 */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
};

test("API calls appear in the request log (th 375 px, en 1280 px), and the test console's call too", async ({
  browser,
  request,
}) => {
  const { user, headers, sender } = await createSendingUser(request);
  const me = await request.get("/api/v1/c/me", { headers });
  const organizationId = (await me.json()).data.default_organization_id as number;
  const refreshed = await request.put(`/api/v1/c/organizations/${organizationId}/api-key`, {
    headers,
    data: { kind: "sms" },
  });
  expect(refreshed.status()).toBe(200);
  const issued = (
    (await refreshed.json()) as { data: { issued: { kind: string; key: string; secret: string }[] } }
  ).data.issued;
  const sms = issued.find((pair) => pair.kind === "sms")!;
  const basic = (secret: string) => `Basic ${Buffer.from(`${sms.key}:${secret}`).toString("base64")}`;

  const phone = randomPhone();
  const sent = await request.post("/api/v2/sms", {
    headers: { authorization: basic(sms.secret) },
    data: { msisdn: phone, message: "ทดสอบบันทึก API", sender },
  });
  expect(sent.status()).toBe(201);
  const messageId = (await sent.json()).phone_number_list[0].message_id as string;
  const refused = await request.post("/api/v2/sms", {
    headers: { authorization: basic("not-the-secret") },
    data: { msisdn: phone, message: "x", sender },
  });
  expect(refused.status()).toBe(401);

  // Thai on a phone: the calls as cards, the refused one with its error name.
  const th = await browser.newContext({ locale: "th-TH", viewport: { width: 375, height: 812 } });
  const phonePage = await th.newPage();
  await signIn(phonePage, user.email, user.password, "th", "/reports/api-logs");
  await expect(phonePage.getByRole("heading", { name: "บันทึกการเรียก API", level: 1 })).toBeVisible();
  // The log is written within a second and the page reads it again every few seconds.
  const cards = phonePage.locator("[data-row]");
  await expect(cards).toHaveCount(2, { timeout: 15_000 });
  await expect(phonePage.getByRole("table")).toHaveCount(0);
  const refusedCard = cards.filter({ hasText: "401" });
  await expect(refusedCard).toContainText("ERROR_UNAUTHORIZED");
  await expect(refusedCard).toContainText(sms.key);
  const acceptedCard = cards.filter({ hasText: "201" });
  await expect(acceptedCard).toContainText("POST /api/v2/sms");
  await expect(acceptedCard).toContainText(messageId);
  await expect(phonePage.getByText(sms.secret)).toHaveCount(0);
  const overflow = await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(phonePage, "api-log-th-375");
  await th.close();

  // English on a desktop: the test console sends with the pasted secret, then the log finds it.
  const en = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
  const page = await en.newPage();
  await signIn(page, user.email, user.password, "en", "/en/sms-api/console");
  await expect(page.getByRole("heading", { name: "API test console", level: 1 })).toBeVisible();
  const form = page.getByTestId("console-form");
  await expect(page.getByTestId("snippet-curl")).toContainText(`-u '${sms.key}:YOUR_SECRET'`);
  await form.getByTestId("console-secret").fill(sms.secret);
  await form.getByTestId("console-msisdn").fill(phone);
  await expect(form.getByTestId("console-sender")).toHaveValue(sender);
  await form.getByTestId("console-message").fill("Hello from the console");
  await form.getByTestId("console-send").click();
  await expect(page.getByTestId("console-status")).toHaveText("201");
  await expect(page.getByTestId("console-body")).toContainText("phone_number_list");
  await page.getByRole("tab", { name: "Python" }).click();
  await expect(page.getByTestId("snippet-python")).toContainText("Hello from the console");
  await shot(page, "api-console-en-1280");
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(sms.secret);

  await page.getByRole("link", { name: "See your calls in the API request log" }).click();
  await expect(page).toHaveURL(/\/en\/reports\/api-logs$/);
  await expect(page.getByRole("heading", { name: "API request log", level: 1 })).toBeVisible();
  const rows = page.getByRole("table").locator("tbody tr[data-row]");
  await expect(rows).toHaveCount(3, { timeout: 15_000 });
  await shot(page, "api-log-en-1280");

  // By message id: only the call that created it.
  await page.getByRole("textbox", { name: "Message ID" }).fill(messageId);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("201");
  await expect(rows.first()).toContainText(messageId);
  await expect(page).toHaveURL(new RegExp(`message_id=${messageId}`));
  await en.close();
});
