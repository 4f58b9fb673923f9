import { randomPhone, signIn } from "./support/accounts";
import { createSendingUser } from "./support/sending";
import { expect, test } from "./support/test";

/**
 * The two-way inbox end to end (issue 27 point 4, ADR 100 and 101), in Thai on a 375 px phone: a
 * handset replies (the simulator's dev reply) to a message the organization sent; the reply shows in
 * /inbox and in the conversation; a keyword rule added on /inbox/rules answers the next reply by
 * itself (the inbox loop's charged send, one credit), and the conversation shows it sent.
 */
test("a reply shows in the inbox and a keyword gets its auto-reply, in Thai at 375 px", async ({
  browser,
  request,
}) => {
  const { user, headers, sender } = await createSendingUser(request);
  const phone = randomPhone();
  const sent = await request.post("/api/v1/c/messages", {
    headers,
    data: { phone_number: phone, sender, message: "โปรโมชั่นเดือนนี้ ลด 20%", purpose: "general" },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const reply = async (text: string) =>
    expect(
      (await request.post("/api/v1/dev/inbox/reply", { data: { from: phone, to: sender, text } })).status(),
    ).toBe(202);
  await reply("สนใจครับ");

  const context = await browser.newContext({ locale: "th-TH", viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
  });
  await signIn(page, user.email, user.password, "th");

  await page.goto("/inbox");
  await expect(page.getByRole("heading", { level: 1, name: "กล่องข้อความตอบกลับ" })).toBeVisible();
  const open = page.getByRole("link", { name: `เปิดบทสนทนากับ ${phone}` });
  await expect(open).toBeVisible();
  await expect(page.getByTestId("data-card").first()).toContainText("สนใจครับ");
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/inbox-th-375.png` });
  await open.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`บทสนทนากับ ${phone}`);
  const conversation = page.getByRole("list", { name: "ข้อความ เรียงจากเก่าไปใหม่" });
  await expect(conversation.getByRole("listitem")).toHaveCount(2);
  await expect(conversation.getByRole("listitem").last()).toContainText("สนใจครับ");

  // A keyword rule, through the form on the phone.
  await page.goto("/inbox/rules");
  await page.getByTestId("add-rule").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("rule-keyword").fill("ราคา");
  await dialog.getByTestId("rule-reply").fill("ราคาเริ่มต้น 99 บาท");
  await dialog.getByTestId("rule-save").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("data-card").first()).toContainText("ราคาเริ่มต้น 99 บาท");
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/inbox-rules-th-375.png` });

  // The browser's session (signing in there replaced the API one): the organization's balance.
  const credits = () =>
    page.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem("session") ?? "{}") as { token?: string };
      const me = await fetch("/api/v1/c/me", { headers: { authorization: `Bearer ${token}` } });
      return ((await me.json()) as { data: { default_organization: { credits: number } } }).data
        .default_organization.credits;
    });
  const before = await credits();
  await reply(" ราคา ");
  // The loop sends the auto-reply within a second or two: waited for through the API (a count read
  // right after a reload may come before the page has drawn its list), then the page is opened.
  const entries = () =>
    page.evaluate(async (number) => {
      const { token } = JSON.parse(localStorage.getItem("session") ?? "{}") as { token?: string };
      const res = await fetch(`/api/v1/c/inbox/conversations/${number}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return res.ok ? ((await res.json()) as { data: { entries: unknown[] } }).data.entries.length : 0;
    }, phone);
  await expect.poll(entries, { timeout: 20_000 }).toBe(4);
  await page.goto(`/inbox/${phone}`);
  const items = page.getByRole("list", { name: "ข้อความ เรียงจากเก่าไปใหม่" }).getByRole("listitem");
  await expect(items).toHaveCount(4);
  await expect(items.nth(2)).toContainText("ส่งข้อความตอบกลับอัตโนมัติแล้ว");
  await expect(items.nth(3)).toContainText("ราคาเริ่มต้น 99 บาท");
  await expect(items.nth(3).getByRole("heading")).toContainText("คุณส่ง");
  if (process.env.SHOTS)
    await page.screenshot({ path: `${process.env.SHOTS}/inbox-conversation-th-375.png` });
  expect(await credits()).toBe(before - 1);
  expect(errors).toEqual([]);
  await context.close();
});
