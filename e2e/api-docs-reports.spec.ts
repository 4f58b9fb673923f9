import { createTrialUser, randomPhone, signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * Issue 14 point 6 on screen: the API docs in Thai and then English (the operations from the
 * server's OpenAPI, the examples written with the organization's key), "Try it" sending a real SMS
 * from the browser under the organization's own sender with the secret learnt by refreshing the
 * key, the message in /reports/sms-api with its detail, and the docs at 375 px without sideways
 * scrolling.
 */
test("the API docs in th and en, Try it sends an SMS, and the API report shows it", async ({
  browser,
  request,
}) => {
  const { user, headers, sender } = await createSendingUser(request);
  // Through the API before signing in on screen (which ends this API session): the SMS key's secret.
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
  expect(sms.key).toMatch(/^sk_/);

  const context = await browser.newContext({
    locale: "th-TH",
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  await signIn(page, user.email, user.password, "th");

  // Thai: the page and the public operations, translated.
  await page.goto("/sms-api/docs");
  await expect(page.getByRole("heading", { name: "เอกสาร SMS API", level: 1 })).toBeVisible();
  const sendTh = page.getByTestId("operation-post-sms");
  await expect(sendTh.getByRole("heading", { name: "ส่ง SMS" })).toBeVisible();
  await expect(page.getByTestId("operation-get-credit")).toBeVisible();
  await expect(sendTh.getByTestId("operation-path")).toHaveText("/api/v2/sms");

  // Switch to English with the header's language switcher.
  await page.getByTestId("language-switcher").click();
  await expect(page).toHaveURL(/\/en\/sms-api\/docs$/);
  await expect(page.getByRole("heading", { name: "SMS API documentation", level: 1 })).toBeVisible();
  const send = page.getByTestId("operation-post-sms");
  await expect(send.getByRole("heading", { name: "Send SMS" })).toBeVisible();
  await expect(page.getByTestId("operation-post-otp-request")).toBeVisible();

  // The examples use this site and the organization's key; the secret stays a placeholder.
  const origin = new URL(page.url()).origin;
  const curl = page.getByTestId("example-post-sms-curl");
  await expect(curl).toContainText(`curl -X POST "${origin}/api/v2/sms"`);
  await expect(curl).toContainText(`-u "${sms.key}:YOUR_SECRET"`);
  await expect(page.getByText(sms.secret)).toHaveCount(0);

  // The language tabs work with the keyboard; a copied example shows the toast.
  const tabs = page.getByTestId("examples-post-sms");
  await tabs.getByRole("tab", { name: "curl" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "Node.js (fetch)" })).toBeFocused();
  await expect(tabs.getByRole("tab", { name: "Node.js (fetch)" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(tabs.getByRole("tab", { name: "Python" })).toHaveAttribute("aria-selected", "true");
  await page.getByTestId("example-post-sms-python-copy").click();
  await expect(page.getByText("Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    `auth=("${sms.key}", "YOUR_SECRET")`,
  );

  // Try it: a real send from the browser with HTTP Basic.
  const phone = randomPhone();
  const form = page.getByTestId("try-it-form");
  await expect(form.getByTestId("try-key")).toHaveValue(sms.key);
  await expect(page.getByTestId("try-simulator-note")).toContainText("/dev/inbox");
  await form.getByTestId("try-secret").fill(sms.secret);
  await form.getByTestId("try-msisdn").fill(phone);
  // The organization's own approved sender: the shared one carries only the OTP API's codes.
  await expect(form.getByTestId("try-sender")).toHaveValue(sender);
  await form.getByTestId("try-message").fill("Hello from Try it");
  await form.getByTestId("try-send").click();
  await expect(page.getByTestId("try-status")).toHaveText("201");
  await expect(page.getByTestId("try-body")).toContainText("phone_number_list");
  await expect(page.getByTestId("try-body")).toContainText(`66${phone.slice(1)}`);
  // The secret was used for that call only.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(sms.secret);

  await form.getByTestId("try-credit").click();
  await expect(page.getByTestId("try-answer")).toContainText("GET /api/v2/credit");
  await expect(page.getByTestId("try-status")).toHaveText("200");
  await expect(page.getByTestId("try-body")).toContainText('"standard"');

  // The message in the SMS API report, and its detail.
  await page.goto("/en/reports/sms-api");
  await expect(page.getByRole("heading", { name: "SMS API report", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: phone });
  await expect(row).toContainText("Hello from Try it");
  await expect(row.getByTestId("message-status")).toBeVisible();
  await row.getByRole("link", { name: `View the message to ${phone}` }).click();
  await expect(page).toHaveURL(/\/en\/reports\/sms-api\/\d+$/);
  await expect(page.getByTestId("detail-recipient")).toHaveText(phone);
  await expect(page.getByTestId("detail-text")).toHaveText("Hello from Try it");
  await expect(page.getByTestId("webhooks-empty")).toContainText("no callback_url");
  await context.close();
});

test("the API docs fit a 375 px phone: code scrolls inside its block, the page does not", async ({
  browser,
  request,
}) => {
  const { user } = await createTrialUser(request);
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signIn(page, user.email, user.password, "en", "/en/sms-api/docs");
  await expect(page.getByTestId("operation-post-sms")).toBeVisible();
  await expect(page.getByTestId("example-post-sms-curl")).toBeVisible();
  await expect(page.getByTestId("webhook-verify-node")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The long example lines scroll inside their own block.
  const code = page.getByTestId("example-post-sms-curl");
  expect(await code.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await context.close();
});
