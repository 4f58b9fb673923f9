import { expect, test } from "@playwright/test";
import { createVerifiedUser, fillSignIn } from "./support/accounts";

/** A 1×1 PNG: the proof of payment. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Buying credit (issue 10 points 2–4): a package chosen on the public price list is carried
 * through sign-in into its cart, which shows the totals and the PromptPay QR of the exact total;
 * the order goes in with its proof and shows as "checking"; the free trial is redeemed once.
 * Staff approval and the receipt are in the lead's end-to-end journey.
 */
test("a customer takes a package from the price list to an order with proof, and redeems the free trial", async ({
  browser,
  request,
}) => {
  const user = await createVerifiedUser(request);
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();

  await page.goto("/en/clients/packages");
  const buy = page.locator("a[data-package-link]").first();
  await expect(buy).toHaveAttribute("href", /^\/en\/register\?package_id=\d+$/);
  const packageId = new URL((await buy.getAttribute("href")) ?? "", "http://x").searchParams.get(
    "package_id",
  );

  await page.goto(`/en/login?package_id=${packageId}`);
  await fillSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(new RegExp(`/en/carts\\?package_id=${packageId}$`));

  await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
  const total = page.getByTestId("cart-total");
  await expect(page.getByTestId("promptpay-qr")).toBeVisible();
  const individualTotal = await total.textContent();
  await page.getByTestId("buyer-juristic").check();
  await expect(page.getByTestId("cart-wht")).toBeVisible();
  await expect(total).not.toHaveText(individualTotal ?? "");
  await page.getByTestId("buyer-individual").check();
  await expect(page.getByTestId("cart-wht")).toHaveCount(0);

  await page.getByTestId("order-submit").click();
  await expect(page.getByTestId("proof-error")).toHaveText("* Please add image or pdf file!");
  await page.getByLabel(/^Full name/).fill("Malee Test");
  await page
    .getByTestId("proof-input")
    .setInputFiles({ name: "slip.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("slip.png is attached.")).toBeVisible();
  await page.getByTestId("order-submit").click();
  await expect(page.getByText("Your order was submitted. We will check your payment shortly.")).toBeVisible();
  await expect(page).toHaveURL(/\/en\/orders$/);
  const row = page.getByRole("row").filter({ hasText: "Checking" });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("button", { name: "Proof of payment" })).toBeVisible();

  await page.goto("/en/carts?free_trial=true");
  await page.getByTestId("redeem-trial").click();
  await expect(page.getByText(/Your free trial is active/)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Approved" })).toHaveCount(1);
  await page.goto("/en/carts?free_trial=true");
  await page.getByTestId("redeem-trial").click();
  await expect(page.getByText("This organization has already redeemed its free trial.")).toBeVisible();
});
