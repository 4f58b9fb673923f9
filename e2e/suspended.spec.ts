import { signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { asAdmin } from "./support/staff";
import { expect, test } from "./support/test";

/**
 * Review D68 (issue 24 point 9): a suspended customer sees the suspension before filling a form, on
 * a phone. The banner stays in view while the page scrolls; every send and buy button is disabled
 * with the end and the reason beside it, instead of an error at the top of a form after sending.
 */
test("a suspended customer on a phone sees why sending and buying are refused before filling a form", async ({
  browser,
  request,
}) => {
  const { user, headers } = await createSendingUser(request);
  const me = await request.get("/api/v1/c/me", { headers });
  const organizationId = (await me.json()).data.default_organization_id as number;
  const reason = "สงสัยว่าส่งข้อความหลอกลวง";
  await asAdmin(request, async (admin) => {
    const suspended = await request.post(`/api/v1/admin/organizations/${organizationId}/suspension`, {
      headers: admin,
      data: { days: 2, reason },
    });
    expect(suspended.status()).toBe(200);
  });

  const context = await browser.newContext({ locale: "th-TH", viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signIn(page, user.email, user.password, "th");
  const banner = page.getByTestId("suspension-banner");
  await expect(banner).toContainText(reason);

  // The instant page: the send button is disabled, the reason right beside it.
  await page.goto("/messages/instant");
  const send = page.getByTestId("instant-submit");
  await expect(send).toBeDisabled();
  const notice = page.getByTestId("suspended-notice");
  await expect(notice).toContainText("จึงยังส่งข้อความไม่ได้");
  await expect(notice).toContainText(reason);
  await expect(send).toHaveAttribute("aria-describedby", "suspended-notice");
  const [button, note] = [await send.boundingBox(), await notice.boundingBox()];
  expect(Math.abs((note?.y ?? 0) - (button?.y ?? 0))).toBeLessThan(120);

  // Scrolled to the button at the bottom, the banner is still at the top, the top bar below it.
  await send.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(banner).toBeInViewport();
  const bar = await banner.boundingBox();
  expect(bar?.y).toBe(0);
  const header = await page.locator("header").first().boundingBox();
  expect(header?.y).toBeCloseTo(bar?.height ?? 0, 0);
  await page.screenshot({ path: test.info().outputPath("suspended-instant-th-375.png"), fullPage: false });

  // A campaign cannot even be previewed.
  await page.goto("/messages/campaigns");
  await expect(page.getByTestId("campaign-preview")).toBeDisabled();
  await expect(page.getByTestId("suspended-notice")).toContainText(reason);

  // Packages: no buy link, the reason above the list.
  await page.goto("/subscriptions");
  const buy = page.locator("[data-testid^='buy-']").first();
  await expect(buy).toBeDisabled();
  await expect(page.getByTestId("suspended-notice")).toContainText("จึงยังซื้อแพ็กเกจไม่ได้");
  await page.screenshot({ path: test.info().outputPath("suspended-packages-th-375.png"), fullPage: true });
  await context.close();
});
