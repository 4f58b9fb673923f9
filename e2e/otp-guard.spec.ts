import { randomPhone, signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * Issue 28 points 2 and 3 on screen: an OTP request to a seeded unallocated range (060) is refused
 * with the documented ERROR_DESTINATION_BLOCKED, not sent nor charged, and the OTP report shows the
 * conversion (the code that went out) and the refusal, in Thai at 375 px without sideways scrolling.
 */
test("a deny-listed number is refused and the OTP report shows it with the conversion, th 375", async ({
  browser,
  request,
}) => {
  const { user, headers } = await createSendingUser(request);
  const me = await request.get("/api/v1/c/me", { headers });
  const organizationId = (await me.json()).data.default_organization_id as number;
  const refreshed = await request.put(`/api/v1/c/organizations/${organizationId}/api-key`, {
    headers,
    data: { kind: "otp" },
  });
  expect(refreshed.status()).toBe(200);
  const issued = (
    (await refreshed.json()) as { data: { issued: { kind: string; key: string; secret: string }[] } }
  ).data.issued;
  const otp = issued.find((pair) => pair.kind === "otp")!;

  const sent = await request.post("/api/v2/otp/request", {
    data: { key: otp.key, secret: otp.secret, msisdn: randomPhone() },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const refused = await request.post("/api/v2/otp/request", {
    headers: { "accept-language": "th" },
    data: { key: otp.key, secret: otp.secret, msisdn: "0600000001" },
  });
  expect(refused.status()).toBe(403);
  const body = await refused.json();
  expect(body).toMatchObject({ code: 403, errors: [{ name: "ERROR_DESTINATION_BLOCKED", field: "msisdn" }] });
  expect(body.errors[0].message).toContain("ไม่มีการตัดเครดิต");

  const context = await browser.newContext({ locale: "th-TH", viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signIn(page, user.email, user.password, "th", "/reports/sms-otp/headers");
  await expect(page.getByRole("heading", { name: "อัตราการยืนยัน" })).toBeVisible();
  await expect(page.getByTestId("figure-requests")).toHaveText("1");
  await expect(page.getByTestId("figure-blocked")).toHaveText("1");
  await expect(page.getByTestId("otp-conversion-blocks")).toContainText("0600000001");
  await expect(page.getByTestId("otp-conversion-blocks")).toContainText("ช่วงหมายเลขพรีเมียมหรือยังไม่จัดสรร");
  await expect(page.getByTestId("otp-conversion-chart")).toBeVisible();
  await expect(page.getByTestId("otp-conversion-senders")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("otp-report-th-375.png"), fullPage: true });
  await context.close();
});
