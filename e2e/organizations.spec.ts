import { createVerifiedUser, signIn, uniq } from "./support/accounts";
import { expect, test } from "./support/test";

/**
 * Organizations (issue 10 §6–7, ADR 33): the owner renames the organization and invites a member by
 * e-mail; the member sees the invitation after signing in and accepts it (their default
 * organization stays), then switches to it from the user menu (the page reloads into it), and the
 * owner removes the member after a confirmation. Toasts follow spec §8.
 */
test("an owner invites a member, the member accepts and switches into the organization, the owner removes them", async ({
  browser,
  request,
}) => {
  const owner = await createVerifiedUser(request);
  const member = await createVerifiedUser(request);
  const name = `Acme ${uniq()}`;

  const ownerPage = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signIn(ownerPage, owner.email, owner.password);
  await ownerPage.getByTestId("user-menu").click();
  await ownerPage.getByRole("menuitem", { name: "Organizations" }).click();
  await expect(ownerPage).toHaveURL(/\/en\/organizations$/);
  await ownerPage.getByRole("link", { name: /Malee Test/ }).click();
  await expect(ownerPage).toHaveURL(/\/en\/organizations\/\d+$/);

  await ownerPage.getByRole("button", { name: "Rename" }).click();
  await ownerPage.getByLabel(/^Name/).fill(name);
  await ownerPage.getByRole("button", { name: "Save" }).click();
  await expect(ownerPage.getByText("The organization's name is saved.")).toBeVisible();
  await expect(ownerPage.getByTestId("organization-name")).toHaveText(name);

  await ownerPage.getByRole("button", { name: "Invite member" }).click();
  const dialog = ownerPage.getByRole("dialog");
  await dialog.getByLabel(/^E-mail/).fill(member.email);
  await dialog.getByLabel(/^Role/).selectOption({ label: "Account Service" });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    ownerPage.getByText(`An invitation was sent to ${member.email}.`, { exact: false }),
  ).toBeVisible();
  const invited = ownerPage.getByRole("table", { name: "Invitations" }).getByRole("row").filter({
    hasText: member.email,
  });
  await expect(invited).toContainText("Waiting for an answer");

  const memberPage = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signIn(memberPage, member.email, member.password);
  const banner = memberPage.getByTestId("invitations-banner");
  await expect(banner).toContainText(`invited you to join ${name} as Account Service.`);
  await banner.getByRole("button", { name: `Accept the invitation of ${name}` }).click();
  await expect(memberPage.getByText(`You are now a member of ${name}.`, { exact: false })).toBeVisible();
  await expect(banner).toHaveCount(0);
  // Accepting did not switch: the member still works in their own organization.
  await memberPage.getByTestId("user-menu").click();
  const switchList = memberPage.getByTestId("organization-switch-list");
  await expect(switchList.getByRole("menuitem")).toHaveText([name]);
  // After the switch the page reloads; the switch list then offers the member's own organization.
  await Promise.all([memberPage.waitForEvent("load"), switchList.getByRole("menuitem", { name }).click()]);
  await memberPage.getByTestId("user-menu").click();
  await expect(memberPage.getByTestId("organization-switch-list").getByRole("menuitem")).toHaveText([
    "Malee Test",
  ]);
  await memberPage.keyboard.press("Escape");

  await ownerPage.reload();
  const row = ownerPage
    .getByRole("table", { name: "Members" })
    .getByRole("row")
    .filter({ hasText: member.email });
  await expect(row).toContainText("Account Service");
  await row.getByRole("button", { name: /^Delete / }).click();
  const confirm = ownerPage.getByRole("alertdialog");
  await expect(confirm).toContainText(member.email);
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(ownerPage.getByText("Member deleted.")).toBeVisible();
  await expect(ownerPage.getByRole("row").filter({ hasText: member.email })).toHaveCount(0);
  // The row's Delete button went with the row: the focus is on the members list, not the page's top.
  await expect(ownerPage.getByTestId("members-region")).toBeFocused();
});

test("an invitation waits on a phone in Thai: the invitee declines it after a confirmation", async ({
  browser,
  request,
}) => {
  const owner = await createVerifiedUser(request);
  const invitee = await createVerifiedUser(request);
  const login = await request.post("/api/v1/c/guest/login", {
    data: { username: owner.email, password: owner.password },
  });
  const ownerToken = (await login.json()).data.token as string;
  const me = await request.get("/api/v1/c/me", { headers: { authorization: `Bearer ${ownerToken}` } });
  const organizationId = (await me.json()).data.default_organization_id as number;
  const invite = await request.post(`/api/v1/c/organizations/${organizationId}/members`, {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { email: invitee.email, role: 1 },
  });
  expect(invite.status()).toBe(201);

  const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await signIn(page, invitee.email, invitee.password, "th");
  const banner = page.getByTestId("invitations-banner");
  await expect(banner).toContainText("คุณได้รับคำเชิญเข้าร่วมองค์กร 1 รายการ");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const decline = banner.getByRole("button", { name: /^ปฏิเสธ ?คำเชิญขององค์กร/ });
  await decline.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog");
  await confirm.getByRole("button", { name: "ปฏิเสธ", exact: true }).click();
  await expect(page.getByText(/ปฏิเสธคำเชิญขององค์กร .* แล้ว/)).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test("the organization pages and the credit report work on a phone in Thai without console errors", async ({
  browser,
  request,
}) => {
  const owner = await createVerifiedUser(request);
  const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.location().url}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  await signIn(page, owner.email, owner.password, "th");
  await expect(page.getByTestId("free-trial-banner")).toBeVisible();
  await expect(page.getByRole("link", { name: "รับสิทธิ์ทดลองใช้ฟรี" })).toHaveAttribute(
    "href",
    "/carts?free_trial=true",
  );
  await page.getByRole("button", { name: "ปิดแถบทดลองใช้ฟรี" }).click();
  await expect(page.getByTestId("free-trial-banner")).toHaveCount(0);

  await page.goto("/organizations", { waitUntil: "networkidle" });
  await page.getByRole("link", { name: /Malee Test/ }).click();
  await expect(page.getByTestId("organization-credits")).toHaveText("0");
  await page.getByTestId("organization-credits-link").click();
  await expect(page).toHaveURL(/\/organizations\/\d+\/credits$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ประวัติเครดิต");
  await expect(page.getByText("ไม่มีการเปลี่ยนแปลงเครดิตใน 30 วันล่าสุด")).toBeVisible();
  await page.goto("/reports/credits", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ประวัติเครดิต");
  expect(errors).toEqual([]);
});
