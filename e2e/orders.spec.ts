import { readFile, writeFile } from "node:fs/promises";
import { createVerifiedUser, fillSignIn } from "./support/accounts";
import { expect, test } from "./support/test";

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

/** A tiny PDF: the 50 ทวิ certificate. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/**
 * Money is clear on a phone, in Thai (issue 24 point 3): prices say VAT is excluded; the cart flags
 * every missing field at once, shows the payee, copies the amount and saves the QR as a PNG for the
 * banking app's gallery scan; a company learns whom to make its 50 ทวิ out to and attaches it; the
 * order is confirmed by e-mail and the certificate is on the order.
 */
test("th 375: a company pays from its phone and attaches its 50 ทวิ", async ({ browser, request }) => {
  const user = await createVerifiedUser(request);
  const context = await browser.newContext({
    locale: "th-TH",
    viewport: { width: 375, height: 812 },
    acceptDownloads: true,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  await page.goto("/login");
  await fillSignIn(page, user.email, user.password, "th");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/subscriptions");
  await expect(page.getByRole("heading", { level: 1, name: "ซื้อแพ็กเกจ" })).toBeVisible();
  await expect(page.locator("[data-testid^='vat-note-']").first()).toHaveText("ราคายังไม่รวมภาษีมูลค่าเพิ่ม 7%");
  await page.screenshot({ path: test.info().outputPath("subscriptions-th-375.png"), fullPage: true });
  await page.locator("[data-testid^='buy-']").first().click();
  await expect(page).toHaveURL(/\/carts\?package_id=\d+$/);

  await page.getByTestId("buyer-juristic").check();
  await expect(page.getByTestId("cart-totalWithVat")).toBeVisible();
  await page.getByLabel(/^สาขา/).fill("");
  await page.getByTestId("order-submit").click();
  // Every missing field at once (D12): company name, tax id, branch, address, and the slip.
  await expect(page.getByText("* กรุณากรอกข้อมูล")).toHaveCount(4);
  await expect(page.getByTestId("proof-error")).toHaveText("* กรุณาแนบไฟล์รูปภาพหรือไฟล์ PDF");
  await page.screenshot({ path: test.info().outputPath("cart-juristic-errors-th-375.png"), fullPage: true });

  // Paying on this phone (D11): payee, amount to copy, the QR saved as a picture.
  await expect(page.getByTestId("promptpay-payee")).toHaveText("บริษัท เอสเอ็มเอส พอร์ทัล จำกัด");
  const amount = ((await page.getByTestId("promptpay-amount").textContent()) ?? "").replace(/[^\d.]/g, "");
  await page.getByTestId("promptpay-copy-amount").click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(amount);
  const download = page.waitForEvent("download");
  await page.getByTestId("promptpay-save").click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`promptpay-${amount}.png`);
  const png = await readFile((await saved.path()) ?? "");
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(png.readUInt32BE(16)).toBe(720);
  await writeFile(test.info().outputPath("promptpay-saved.png"), png);

  // Whom the 50 ทวิ is made out to (D14), then the form and both files.
  await expect(page.getByTestId("wht-payee")).toContainText("0105556000009 (สำนักงานใหญ่)");
  await page.getByLabel(/^ชื่อบริษัท/).fill("บริษัท มานีการค้า จำกัด");
  await page.getByLabel(/^เลขประจำตัวผู้เสียภาษี/).fill("0105556000009");
  await page.getByLabel(/^สาขา/).fill("00000");
  await page.getByLabel(/^ที่อยู่สำหรับออกใบกำกับภาษี/).fill("1 ถนนสีลม กรุงเทพมหานคร 10500");
  await page
    .getByTestId("wht-input")
    .setInputFiles({ name: "50tawi.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByText("แนบไฟล์ 50tawi.pdf แล้ว")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("cart-juristic-th-375.png"), fullPage: true });
  await page
    .getByTestId("proof-input")
    .setInputFiles({ name: "slip.png", mimeType: "image/png", buffer: PNG });
  // Pressed at once, while the slip may still be uploading (D13): the order waits for it.
  await page.getByTestId("order-submit").click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText("หนังสือรับรองหัก ณ ที่จ่าย (50 ทวิ)").first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("orders-th-375.png"), fullPage: true });

  // The "order received" e-mail (D17) names the company.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v1/dev/inbox?to=${encodeURIComponent(user.email)}&limit=20`);
      const { data } = (await res.json()) as {
        data: { entities: { subject: string | null; text: string }[] };
      };
      return data.entities.find((e) => e.subject?.startsWith("ได้รับคำสั่งซื้อ"))?.text ?? "";
    })
    .toContain("ของ บริษัท มานีการค้า จำกัด");
  await context.close();
});
