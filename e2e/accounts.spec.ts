import type { Page } from "@playwright/test";
import {
  codeFromInbox,
  createVerifiedUser,
  fillRegistration,
  fillSignIn,
  hydrated,
  randomPhone,
  signIn,
  to66,
  uniq,
} from "./support/accounts";
import { expect, test } from "./support/test";

/**
 * Accounts journeys (issue 3): registration with both codes read from the dev inbox, the terms
 * dialog, one session per account, forgotten password and an e-mail change.
 */

/** Reads a code from the dev inbox page, the way a person trying the product would. */
async function codeFromInboxPage(page: Page, to: string, ref: string): Promise<string> {
  await page.goto("/dev/inbox");
  await page.getByRole("searchbox").fill(to);
  const entry = page.getByTestId("dev-inbox-entry").filter({ hasText: ref }).first();
  await expect(entry).toBeVisible({ timeout: 10_000 });
  const text = (await entry.textContent()) ?? "";
  const code = /(\d{6})/.exec(text.slice(text.indexOf(ref) - 60))?.[1] ?? /(\d{6})/.exec(text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

test("register in Thai with both codes from the dev inbox, accept the terms and land on the dashboard", async ({
  page,
  context,
}) => {
  const email = `somchai-${uniq()}@example.com`;
  const phone = randomPhone();
  const inbox = await context.newPage();

  await page.goto("/register");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "สมัครสมาชิก" })).toBeVisible();
  // Validation speaks Thai first: a number too short gets the digits rule (an empty one is
  // "required", review D1).
  await page.getByLabel(/^หมายเลขโทรศัพท์มือถือ/).fill("0812");
  await page.getByRole("button", { name: "สร้างบัญชี" }).click();
  await expect(page.getByText("* หมายเลขโทรศัพท์ต้องมี 9 หรือ 10 หลัก")).toBeVisible();

  // Accepting the terms is part of the first step.
  await fillRegistration(
    page,
    { firstName: "สมชาย", lastName: "ใจดี", email, phone, password: "secret123" },
    "th",
  );

  await expect(page).toHaveURL(/\/register\/mobile-verification$/);
  await expect(page.getByRole("heading", { name: "ยืนยันหมายเลขโทรศัพท์" })).toBeVisible();
  const phoneRef = (await page.getByTestId("otp-ref-code").textContent()) ?? "";
  await expect(page.getByRole("button", { name: /ส่งอีกครั้งใน \d+:\d\d/ })).toBeDisabled();

  // A wrong code first.
  await page.getByLabel(/^รหัสยืนยัน/).fill("000000");
  await page.getByRole("button", { name: "ยืนยัน", exact: true }).click();
  await expect(page.getByText("* รหัส OTP ไม่ถูกต้อง")).toBeVisible();

  const phoneCode = await codeFromInboxPage(inbox, phone, phoneRef);
  await page.getByLabel(/^รหัสยืนยัน/).fill(phoneCode);
  await page.getByRole("button", { name: "ยืนยัน", exact: true }).click();

  await expect(page).toHaveURL(/\/register\/email-verification$/);
  await expect(page.getByRole("heading", { name: "ยืนยันอีเมล" })).toBeVisible();
  const emailRef = (await page.getByTestId("otp-ref-code").textContent()) ?? "";
  const emailCode = await codeFromInboxPage(inbox, email, emailRef);
  await page.getByLabel(/^รหัสยืนยัน/).fill(emailCode);
  await page.getByRole("button", { name: "ยืนยัน", exact: true }).click();

  await expect(page).toHaveURL(/\/register\/completed$/);
  await expect(page.getByRole("heading", { name: "สมัครสมาชิกเรียบร้อย" })).toBeVisible();
  await page.getByTestId("completed-continue").click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("user-menu")).toHaveAccessibleName(/สมชาย ใจดี/);
  await expect(page.getByTestId("credit-balance")).toContainText("0");
  // If the terms version moved on since registration, the dialog asks again: accept it.
  const terms = page.getByTestId("terms-dialog");
  if (await terms.isVisible({ timeout: 1500 }).catch(() => false)) {
    await page.getByTestId("terms-body").evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByTestId("terms-accept").click();
    await expect(terms).toBeHidden();
  }
  // Both verified: no warning.
  await page.waitForTimeout(500);
  await expect(page.getByTestId("verify-warning")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("token_register"))).toBeNull();
});

test("signing in from a second browser signs the first one out with an explanation", async ({
  browser,
  request,
}) => {
  const user = await createVerifiedUser(request);
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();

  await signIn(a, user.email, user.password);
  await expect(a.getByTestId("user-menu")).toBeVisible();
  await signIn(b, user.phone, user.password);
  await expect(b.getByTestId("user-menu")).toBeVisible();

  // The first browser's next call finds its session replaced.
  await a.reload();
  await expect(a).toHaveURL(/\/en\/login$/);
  await expect(a.getByTestId("signed-out-reason")).toContainText("signed in on another device");
  expect(await a.evaluate(() => localStorage.getItem("session"))).toBeNull();

  // The second browser is still signed in.
  await b.reload();
  await expect(b.getByTestId("user-menu")).toBeVisible();
  await expect(b).toHaveURL(/\/en\/dashboard$/);
  await first.close();
  await second.close();
});

test("a replaced session is noticed on the next move inside the app, then signing in returns there", async ({
  browser,
  request,
}) => {
  const user = await createVerifiedUser(request);
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();

  await signIn(a, user.email, user.password);
  await expect(a.getByTestId("user-menu")).toHaveAccessibleName(/Malee/);
  await signIn(b, user.phone, user.password);

  // No reload: a move inside the app checks the session although /c/me is cached.
  await a.getByTestId("user-menu").click();
  await a.getByRole("menuitem", { name: "My account" }).click();
  await expect(a).toHaveURL(/\/en\/login\?next=%2Faccounts$/);
  await expect(a.getByTestId("signed-out-reason")).toContainText("signed in on another device");
  await expect(a.getByText(user.email)).toHaveCount(0);

  // Signing in again goes back to the page that was asked for.
  await fillSignIn(a, user.email, user.password);
  await expect(a).toHaveURL(/\/en\/accounts$/);
  await expect(a.getByTestId("verification-done")).toBeVisible();
  await first.close();
  await second.close();
});

test("a replaced session is noticed when the tab comes back", async ({ browser, request }) => {
  const user = await createVerifiedUser(request);
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();

  await signIn(a, user.email, user.password, "th");
  await expect(a.getByTestId("user-menu")).toBeVisible();
  await signIn(b, user.email, user.password);
  // What the browser fires when the person comes back to the tab (the e2e project has no DOM types).
  await a.evaluate(
    'document.dispatchEvent(new Event("visibilitychange")); window.dispatchEvent(new Event("focus"))',
  );
  await expect(a).toHaveURL(/\/login$/);
  await expect(a.getByTestId("signed-out-reason")).toContainText("อุปกรณ์");
  await expect(a.getByTestId("user-menu")).toHaveCount(0);
  await first.close();
  await second.close();
});

test("a page asked for without a session opens after signing in", async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await page.goto("/en/verifications");
  await expect(page).toHaveURL(/\/en\/login\?next=%2Fverifications$/);
  // The language switch keeps the page to return to.
  await page.getByTestId("language-switcher").click();
  await expect(page).toHaveURL(/\/login\?next=%2Fverifications$/);
  await fillSignIn(page, user.phone, user.password, "th");
  await expect(page).toHaveURL(/\/verifications$/);
  await expect(page.getByTestId("verification-done")).toContainText("เรียบร้อยแล้ว");
});

test("registering again with details that exist explains the missing code, and nothing is revealed", async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request);
  await page.goto("/en/register");
  await fillRegistration(
    page,
    { firstName: "Someone", lastName: "Else", email: user.email, phone: user.phone, password: "secret123" },
    "en",
  );

  // The same screen as a new registration, with the explanation every registrant sees.
  await expect(page).toHaveURL(/\/en\/register\/mobile-verification$/);
  await expect(page.getByTestId("otp-ref-code")).toBeVisible();
  const help = page.getByTestId("register-no-code");
  await expect(help).toContainText(
    "If this number already has an account, we sent it a notice instead of a code",
  );
  await expect(page.getByTestId("dev-inbox-hint").getByRole("link", { name: "dev inbox" })).toHaveAttribute(
    "href",
    "/en/dev/inbox",
  );

  // The owner got a notice, not a code.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v1/dev/inbox?to=${to66(user.phone)}&limit=1`);
      return ((await res.json()) as { data: { entities: { text: string }[] } }).data.entities[0]?.text;
    })
    .toContain("Someone tried to register with this number");

  await help.getByRole("link", { name: "reset your password" }).click();
  await expect(page).toHaveURL(/\/en\/forgot$/);
});

test("forgot password end to end, then sign in with the new password", async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await page.goto("/en/login");
  await hydrated(page);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/en\/forgot$/);
  await hydrated(page);
  await page.getByLabel(/^E-mail or phone number/).fill(user.email);
  await page.getByRole("button", { name: "Send code" }).click();

  await expect(page).toHaveURL(/\/en\/forgot\/verify$/);
  const ref = (await page.getByTestId("otp-ref-code").textContent()) ?? "";
  const code = await codeFromInbox(request, user.email, ref);
  await page.getByLabel(/^Verification code/).fill(code);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();

  await expect(page).toHaveURL(/\/en\/forgot\/reset$/);
  await page.getByLabel(/^New password/).fill("newpass99");
  await page.getByLabel(/^Confirm password/).fill("newpass98");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("* The password confirmation does not match.")).toBeVisible();
  await page.getByLabel(/^Confirm password/).fill("newpass99");
  await page.getByRole("button", { name: "Save the new password" }).click();

  await expect(page).toHaveURL(/\/en\/login$/);
  await expect(page.getByTestId("signed-out-reason")).toContainText("new password is set");
  // The old password no longer works; the new one does.
  await page.getByLabel(/^E-mail or phone number/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("login-error")).toContainText("incorrect");
  await signIn(page, user.email, "newpass99");
});

test("change the e-mail with a code sent to the new address", async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  const newEmail = `changed-${uniq()}@example.com`;
  await signIn(page, user.email, user.password);
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "My account" }).click();
  await expect(page).toHaveURL(/\/en\/accounts$/);

  const card = page.getByTestId("change-email");
  await card.getByLabel(/^New e-mail/).fill(newEmail);
  await card.getByRole("button", { name: "Send code" }).click();
  await expect(card.getByTestId("otp-destination")).toHaveText(newEmail);
  const ref = (await card.getByTestId("otp-ref-code").textContent()) ?? "";
  // Nothing changes before the code is confirmed.
  await expect(card).toContainText(`Current: ${user.email}`);

  await card.getByLabel(/^Verification code/).fill("111111");
  await card.getByRole("button", { name: "Confirm the change" }).click();
  await expect(card.getByText(/^\* (OTP code is invalid\.|The OTP code has expired)/)).toBeVisible();

  const code = await codeFromInbox(request, newEmail, ref);
  await card.getByLabel(/^Verification code/).fill(code);
  await card.getByRole("button", { name: "Confirm the change" }).click();
  await expect(card).toContainText(`Current: ${newEmail}`);
  await expect(page.getByTestId("verification-email")).toContainText(newEmail);
  await expect(page.getByTestId("verification-email")).toContainText("Verified");

  // The new address signs in; the old one no longer does.
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await signIn(page, newEmail, user.password);
});
