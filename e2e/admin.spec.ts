import { expect, test } from "@playwright/test";
import { createVerifiedUser, signIn } from "./support/accounts";

/**
 * Journeys of the seeded admin. One session per account (spec §9) means two tests signed in as the
 * admin at once would end each other's sessions, so they run in order in one worker.
 */
test.describe.configure({ mode: "serial" });

test("the terms dialog needs a full read, cannot be dismissed, and is accepted once", async ({ page }) => {
  // The seeded admin has accepted no terms yet; this file is the only one signing in as the admin.
  await signIn(page, "admin@smsportal.local", "admin12345");
  const dialog = page.getByRole("dialog", { name: "Terms and conditions of service" });
  await expect(dialog).toBeVisible();
  const accept = page.getByTestId("terms-accept");
  await expect(accept).toBeDisabled();
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  const body = page.getByTestId("terms-body");
  const box = await body.evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight }));
  expect(box.height).toBeLessThanOrEqual(700);
  const width = await page.getByTestId("terms-dialog").evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(900);

  await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(accept).toBeEnabled();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/v1/c/me/tnc") && r.method() === "POST");
  await accept.click();
  expect((await sent).postDataJSON()).toEqual({ version: expect.any(String) });
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await page.waitForTimeout(800);
  await expect(page.getByTestId("terms-dialog")).toHaveCount(0);
});

test("staff read contact-form messages in the back office; customers are kept out", async ({
  page,
  request,
  browser,
}) => {
  const marker = `e2e-${Date.now()}`;
  const sent = await request.post("/api/v1/c/contact-us", {
    data: {
      name: "Somsri Jaidee",
      email: "somsri@example.com",
      topic: "sales",
      message: `Please call me about the Business package (${marker}).`,
    },
  });
  expect(sent.status()).toBe(202);

  await signIn(page, "admin@smsportal.local", "admin12345");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Back office" }).click();
  await expect(page).toHaveURL(/\/en\/admin$/);
  await page
    .getByRole("navigation", { name: "Back-office menu" })
    .getByRole("link", { name: "Contact messages" })
    .click();
  await expect(page).toHaveURL(/\/en\/admin\/contact-submissions$/);
  await expect(page.getByRole("heading", { name: "Contact messages" })).toBeVisible();
  const table = page.getByRole("table", { name: "Contact messages" });
  await expect(table.getByRole("columnheader", { name: "Received" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const entry = table.getByRole("row").filter({ hasText: marker });
  await expect(entry).toContainText("Somsri Jaidee");
  await expect(entry).toContainText("Prices and packages");

  // The order is asked from the server and kept in the URL, so a reload shows the same view.
  await table.getByRole("button", { name: "Received" }).click();
  await expect(page).toHaveURL(/\?sort=created_at&reverse=false$/);
  await expect(table.getByRole("columnheader", { name: "Received" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Received" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page).toHaveURL(/\?sort=created_at&reverse=false$/);

  const customer = await createVerifiedUser(request);
  const other = await browser.newContext();
  const customerPage = await other.newPage();
  await signIn(customerPage, customer.email, customer.password);
  await customerPage.goto("/en/admin/contact-submissions");
  await expect(customerPage.getByRole("heading", { name: "For administrators only" })).toBeVisible();
  await expect(customerPage.getByRole("table")).toHaveCount(0);
  await other.close();
});
