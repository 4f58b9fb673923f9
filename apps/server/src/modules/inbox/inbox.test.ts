import { queryRows, schema } from "@sms/db";
import { AUTO_REPLY_PER_NUMBER, MEMBER_ROLE } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorGateway } from "../../gateway/simulator.ts";
import { LocalSmsc } from "../../gateway/smpp/local-smsc.ts";
import { moPartUcs2, until } from "../../gateway/smpp/test-support.ts";
import { createSmppGateway } from "../../gateway/smpp-gateway.ts";
import { type SendTenant, sendFixtures } from "../../test/sends.ts";
import { addMember, createTenant, expectCrossTenant404, signIn } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { createReportListener } from "../engine/index.ts";
import { sendDeps } from "../sending/index.ts";
import { sendAutoReply } from "./index.ts";

let t: TestContext;
let simulator: SimulatorGateway;
let f: ReturnType<typeof sendFixtures>;

let serial = 0;
/** A fresh mobile number (66 form) per use. */
function number(): string {
  serial += 1;
  return `6689${String(process.pid % 1000).padStart(3, "0")}${String(serial).padStart(4, "0")}`;
}
const local = (msisdn: string) => `0${msisdn.slice(2)}`;

beforeAll(async () => {
  t = await createTestApp({ env: { SIMULATOR_TPS: "100000", SIMULATOR_RECEIPT_DELAY_MS: "0" } });
  simulator = t.app.smsGateway as SimulatorGateway;
  simulator.listen(createReportListener(t.db, t.app.log));
  f = sendFixtures(t);
});
afterAll(async () => {
  await t.close();
});

function call(
  caller: { headers: Record<string, string> },
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  locale = "en",
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...caller.headers, "accept-language": locale },
    ...(payload ? { payload } : {}),
  });
}

/** An instant message from the tenant to the number (charged, queued): answers its send's id. */
async function send(tenant: SendTenant, to: string, message = "Our new promotion is out"): Promise<number> {
  const res = await call(tenant, "POST", "/c/messages", {
    phone_number: to,
    sender: tenant.sender,
    message,
    purpose: "general",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.campaign_id as number;
}

const reply = (from: string, text: string) =>
  simulator.simulateReply({ source: from, destination: "OwnSender", text });

interface InboundRow {
  id: number;
  organization_id: number | null;
  campaign_id: number | null;
  text: string;
  is_stop: boolean;
  auto_reply_status: string | null;
  auto_reply_campaign_id: number | null;
  auto_reply_error: string | null;
}

async function inboundOf(source: string): Promise<InboundRow[]> {
  const rows = await queryRows<InboundRow>(
    t.db,
    sql`select id, organization_id, campaign_id, text, is_stop, auto_reply_status, auto_reply_campaign_id, auto_reply_error
          from inbound_messages where source = ${source} order by id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    campaign_id: r.campaign_id === null ? null : Number(r.campaign_id),
    auto_reply_campaign_id: r.auto_reply_campaign_id === null ? null : Number(r.auto_reply_campaign_id),
  }));
}

async function createRule(tenant: SendTenant, keyword: string, text: string) {
  const res = await call(tenant, "POST", "/c/inbox/rules", { keyword, reply: text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; keyword: string };
}

describe("replies threaded per number and per send", () => {
  it("links each reply to the organization's last message before it, lists conversations and shows one", async () => {
    const tenant = await f.freshTenant(100);
    const other = await f.freshTenant(100);
    const a = number();
    const b = number();
    const first = await send(tenant, a, "First offer");
    await reply(a, "Interested");
    const second = await send(tenant, a, "Second offer");
    await reply(a, "Tell me more");
    await send(tenant, b, "Hello B");
    await reply(b, "Who is this?");
    // A number nobody messaged: stored without an organization, in nobody's inbox.
    const stranger = number();
    await reply(stranger, "hi");
    // The other organization messaged a later; its reply goes to it, not to the tenant.
    await send(other, a, "Other's offer");
    await reply(a, "Not you");

    expect((await inboundOf(a)).map((r) => [r.organization_id, r.campaign_id, r.text])).toEqual([
      [tenant.organizationId, first, "Interested"],
      [tenant.organizationId, second, "Tell me more"],
      [other.organizationId, expect.any(Number), "Not you"],
    ]);
    expect((await inboundOf(stranger))[0]).toMatchObject({ organization_id: null, campaign_id: null });

    const all = await call(tenant, "GET", "/c/inbox/conversations");
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.entities).toEqual([
      {
        phone_number: local(b),
        last_text: "Who is this?",
        last_received_at: expect.any(String),
        replies: 1,
        campaign_id: expect.any(Number),
        campaign_name: local(b),
        stopped: false,
      },
      {
        phone_number: local(a),
        last_text: "Tell me more",
        last_received_at: expect.any(String),
        replies: 2,
        campaign_id: second,
        campaign_name: local(a),
        stopped: false,
      },
    ]);
    expect(all.json().data.page_information).toMatchObject({ page: 1, total_item: 2, total_pages: 1 });

    const paged = await call(tenant, "GET", "/c/inbox/conversations?size=1&page=2");
    expect(paged.json().data.entities.map((c: { phone_number: string }) => c.phone_number)).toEqual([
      local(a),
    ]);
    expect(paged.json().data.page_information).toMatchObject({ page: 2, total_pages: 2 });

    const byCampaign = await call(tenant, "GET", `/c/inbox/conversations?campaign_id=${first}`);
    expect(byCampaign.json().data.entities).toMatchObject([
      { phone_number: local(a), replies: 1, last_text: "Interested" },
    ]);
    const byNumber = await call(tenant, "GET", `/c/inbox/conversations?phone_number=%2B${b}`);
    expect(byNumber.json().data.entities).toMatchObject([{ phone_number: local(b) }]);

    const conversation = await call(tenant, "GET", `/c/inbox/conversations/${local(a)}`);
    expect(conversation.statusCode, conversation.body).toBe(200);
    expect(
      conversation.json().data.entries.map((e: { direction: string; text: string }) => [e.direction, e.text]),
    ).toEqual([
      ["out", "First offer"],
      ["in", "Interested"],
      ["out", "Second offer"],
      ["in", "Tell me more"],
    ]);
    const oneSend = await call(tenant, "GET", `/c/inbox/conversations/${a}?campaign_id=${first}`);
    expect(oneSend.json().data.entries.map((e: { text: string }) => e.text)).toEqual([
      "First offer",
      "Interested",
    ]);

    // A number that never replied to this organization, and a number that is no number: not found.
    expect((await call(tenant, "GET", `/c/inbox/conversations/${local(stranger)}`)).statusCode).toBe(404);
    expect((await call(tenant, "GET", "/c/inbox/conversations/hello")).statusCode).toBe(404);
    const bad = await call(tenant, "GET", "/c/inbox/conversations?campaign_id=abc", undefined, "th");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].message).toBe("แคมเปญไม่ถูกต้อง");
  });

  it("places a message before the reply to it even when the reply came before its submit", async () => {
    const tenant = await f.freshTenant(100);
    const a = number();
    await send(tenant, a, "Flash sale");
    await reply(a, "quick reply");
    // Submitted (and delivered) only now, after the reply was stored.
    await t.jobs.drain();
    const res = await call(tenant, "GET", `/c/inbox/conversations/${local(a)}`);
    expect(
      res.json().data.entries.map((e: { direction: string; text: string }) => [e.direction, e.text]),
    ).toEqual([
      ["out", "Flash sale"],
      ["in", "quick reply"],
    ]);
  });

  it("stores a reply delivered twice once", async () => {
    const tenant = await f.freshTenant(100);
    const a = number();
    await send(tenant, a);
    await reply(a, "yes please");
    await reply(a, "yes please");
    expect((await inboundOf(a)).map((r) => r.text)).toEqual(["yes please"]);
    await reply(a, "and one more thing");
    expect((await inboundOf(a)).map((r) => r.text)).toEqual(["yes please", "and one more thing"]);
  });

  it("reassembles a long Thai reply that came over SMPP in parts, out of order and one part twice", async () => {
    const tenant = await f.freshTenant(100);
    const a = number();
    const campaign = await send(tenant, a);
    const smsc = new LocalSmsc({ port: 0, record: true, receiptDelayMs: 10, redeliveryDelayMs: 30 });
    const port = await smsc.start();
    const gateway = createSmppGateway({
      host: "127.0.0.1",
      port,
      systemId: "portal",
      password: "secret",
      tps: 1000,
      window: 10,
      reconnectMinMs: 20,
      reconnectMaxMs: 200,
      lingerMs: 5,
    });
    try {
      gateway.listen(createReportListener(t.db, t.app.log));
      await until(() => smsc.boundConnections === 1 && gateway.client !== null);
      const parts = ["สวัสดีครับ สนใจโปรโมชั่น", "ที่ส่งมาเมื่อวาน ", "ขอรายละเอียดเพิ่มเติมด้วยครับ"];
      const answers = await Promise.all([
        smsc.request("deliver_sm", moPartUcs2(local(a), 77, 3, 2, parts[1]!)),
        smsc.request("deliver_sm", moPartUcs2(local(a), 77, 3, 3, parts[2]!)),
        smsc.request("deliver_sm", moPartUcs2(local(a), 77, 3, 2, parts[1]!)),
        smsc.request("deliver_sm", moPartUcs2(local(a), 77, 3, 1, parts[0]!)),
      ]);
      expect(answers.map((r) => r.command_status)).toEqual([0, 0, 0, 0]);
      const stored = await inboundOf(a);
      expect(stored).toMatchObject([
        { organization_id: tenant.organizationId, campaign_id: campaign, text: parts.join("") },
      ]);
      const conversation = await call(tenant, "GET", `/c/inbox/conversations/${local(a)}`);
      expect(conversation.json().data.entries.at(-1)).toMatchObject({
        direction: "in",
        text: parts.join(""),
      });
    } finally {
      await gateway.close();
      await smsc.stop();
    }
  });
});

describe("keyword auto-replies", () => {
  it("answers a matching reply once, charged once, even when the reply is delivered twice", async () => {
    const tenant = await f.freshTenant(100);
    const a = number();
    await send(tenant, a);
    expect(await f.balance(tenant)).toBe(99);
    await createRule(tenant, "Promo", "Use code SAVE10 today");
    await createRule(tenant, "ราคา", "ราคาเริ่มต้น 99 บาท");
    await reply(a, "  PROMO ");
    await reply(a, "  PROMO ");
    const [due] = await inboundOf(a);
    expect(due).toMatchObject({ auto_reply_status: "due" });

    const deps = sendDeps(t.app);
    expect(await sendAutoReply(deps, due!.id)).toMatchObject({ status: "sent" });
    // Once taken, never again: a second worker, or a retry, finds nothing due.
    expect(await sendAutoReply(deps, due!.id)).toBeNull();
    const [sent] = await inboundOf(a);
    expect(sent).toMatchObject({ auto_reply_status: "sent", auto_reply_campaign_id: expect.any(Number) });
    const [campaign] = await t.db
      .select()
      .from(schema.campaigns)
      .where(eq(schema.campaigns.id, sent!.auto_reply_campaign_id!));
    expect(campaign).toMatchObject({
      organizationId: tenant.organizationId,
      kind: "instant",
      senderName: tenant.sender,
      text: "Use code SAVE10 today",
      credits: 1,
      idempotencyKey: `auto-reply:${due!.id}`,
    });
    expect(await f.balance(tenant)).toBe(98);

    // A Thai keyword matches as typed; a sentence containing a keyword is only a reply.
    await reply(a, "ราคา");
    await reply(a, "what is the promo?");
    const rows = await inboundOf(a);
    expect(rows.map((r) => [r.text, r.auto_reply_status])).toEqual([
      ["  PROMO ", "sent"],
      ["ราคา", "due"],
      ["what is the promo?", null],
    ]);
    expect(await sendAutoReply(deps, rows[1]!.id)).toMatchObject({ status: "sent" });
    expect(await f.balance(tenant)).toBe(97);

    const conversation = await call(tenant, "GET", `/c/inbox/conversations/${local(a)}`);
    const entries = conversation.json().data.entries as {
      direction: string;
      text: string;
      auto_reply: string | null;
    }[];
    expect(entries.map((e) => [e.direction, e.text, e.auto_reply])).toEqual([
      ["out", "Our new promotion is out", null],
      ["in", "  PROMO ", "sent"],
      ["out", "Use code SAVE10 today", null],
      ["in", "ราคา", "sent"],
      ["in", "what is the promo?", null],
      ["out", "ราคาเริ่มต้น 99 บาท", null],
    ]);
  });

  it("keeps STOP built in: refused as a keyword, and a STOP reply still suppresses without an auto-reply", async () => {
    const tenant = await f.freshTenant(100);
    for (const keyword of ["STOP", " stop ", "ยกเลิก", "หยุด"]) {
      const res = await call(tenant, "POST", "/c/inbox/rules", { keyword, reply: "x" }, "th");
      expect(res.statusCode, keyword).toBe(400);
      expect(res.json().error.details[0].message).toContain("STOP");
    }
    const a = number();
    await send(tenant, a);
    await reply(a, "ยกเลิก");
    expect(await inboundOf(a)).toMatchObject([{ is_stop: true, auto_reply_status: null }]);
    const suppressed = await queryRows<{ reason: string }>(
      t.db,
      sql`select reason from suppressions where organization_id = ${tenant.organizationId} and msisdn = ${a}`,
    );
    expect(suppressed).toEqual([{ reason: "stop_reply" }]);
    const list = await call(tenant, "GET", "/c/inbox/conversations");
    expect(list.json().data.entities).toMatchObject([{ phone_number: local(a), stopped: true }]);
  });

  it("guards against loops, keeps to the daily budget, and records a refused send without charging", async () => {
    const tenant = await f.freshTenant(100);
    const deps = sendDeps(t.app);
    const a = number();
    await send(tenant, a);
    await createRule(tenant, "info", "Open 9-17");
    const outcomes: (string | undefined)[] = [];
    for (let i = 0; i <= AUTO_REPLY_PER_NUMBER; i++) {
      // Another text each time (a repeat of the same text is one reply): "info", "Info", "INFO", "iNfo".
      await reply(a, ["info", "Info", "INFO", "iNfo"][i]!);
      const rows = await inboundOf(a);
      outcomes.push((await sendAutoReply(deps, rows.at(-1)!.id))?.status);
    }
    expect(outcomes).toEqual(["sent", "sent", "sent", "limited"]);
    expect((await inboundOf(a)).at(-1)).toMatchObject({
      auto_reply_status: "limited",
      auto_reply_error: "loop_guard",
    });

    const budget = await call(tenant, "PUT", "/c/inbox/settings", {
      inbound_webhook_url: "",
      auto_reply_daily_limit: 3,
    });
    expect(budget.statusCode, budget.body).toBe(200);
    expect(budget.json().data).toEqual({ inbound_webhook_url: null, auto_reply_daily_limit: 3 });
    const b = number();
    await send(tenant, b);
    await reply(b, "info");
    expect(await sendAutoReply(deps, (await inboundOf(b))[0]!.id)).toEqual({
      status: "limited",
      reason: "daily_limit",
    });

    const poor = await f.freshTenant(1);
    const c = number();
    await send(poor, c);
    await createRule(poor, "info", "Open 9-17");
    await reply(c, "info");
    expect(await sendAutoReply(deps, (await inboundOf(c))[0]!.id)).toMatchObject({ status: "failed" });
    expect((await inboundOf(c))[0]!.auto_reply_error).toMatch(/credit/);
    expect(await f.balance(poor)).toBe(0);
  });
});

describe("rules and settings", () => {
  it("adds, changes, lists and removes rules; a keyword is one per organization whatever its case", async () => {
    const tenant = await f.freshTenant(0);
    const rule = await createRule(tenant, "Hours", "Open 9-17");
    const taken = await call(tenant, "POST", "/c/inbox/rules", { keyword: " hours ", reply: "x" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toContain("hours");
    const changed = await call(tenant, "PUT", `/c/inbox/rules/${rule.id}`, {
      keyword: "Opening",
      reply: "Open 10-18",
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ keyword: "Opening", reply: "Open 10-18", enabled: false });
    const list = await call(tenant, "GET", "/c/inbox/rules");
    expect(list.json().data.entities).toMatchObject([{ id: rule.id, keyword: "Opening" }]);
    const empty = await call(tenant, "POST", "/c/inbox/rules", { keyword: " ", reply: "" }, "th");
    expect(empty.statusCode).toBe(400);
    expect(
      empty
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(["keyword", "reply"]);
    expect((await call(tenant, "DELETE", `/c/inbox/rules/${rule.id}`)).statusCode).toBe(200);
    expect((await call(tenant, "DELETE", `/c/inbox/rules/${rule.id}`)).statusCode).toBe(404);
  });

  it("a disabled rule does not answer", async () => {
    const tenant = await f.freshTenant(10);
    const rule = await createRule(tenant, "menu", "Our menu: …");
    await call(tenant, "PUT", `/c/inbox/rules/${rule.id}`, { keyword: "menu", reply: "x", enabled: false });
    const a = number();
    await send(tenant, a);
    await reply(a, "menu");
    expect(await inboundOf(a)).toMatchObject([{ auto_reply_status: null }]);
  });

  it("refuses a webhook URL that is not http(s) and a budget out of range, in the caller's language", async () => {
    const tenant = await f.freshTenant(0);
    const res = await call(
      tenant,
      "PUT",
      "/c/inbox/settings",
      { inbound_webhook_url: "ftp://example.com", auto_reply_daily_limit: -1 },
      "th",
    );
    expect(res.statusCode).toBe(400);
    const messages = res.json().error.details.map((d: { message: string }) => d.message);
    expect(messages).toContain("กรุณากรอกที่อยู่เว็บที่ขึ้นต้นด้วย https:// หรือ http://");
    expect(messages).toContain("จำนวนต่อวันต้องเป็นจำนวนเต็มตั้งแต่ 0 ถึง 100,000");
    const defaults = await call(tenant, "GET", "/c/inbox/settings");
    expect(defaults.json().data).toEqual({ inbound_webhook_url: null, auto_reply_daily_limit: 500 });
  });

  it("lets a member read the inbox but not change rules or settings", async () => {
    const tenant = await f.freshTenant(0);
    const member = await createTenant(t);
    await addMember(t, tenant.organizationId, member.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: tenant.organizationId })
      .where(eq(schema.users.id, member.userId));
    const headers = { authorization: `Bearer ${await signIn(t, member.email, member.password)}` };
    expect((await call({ headers }, "GET", "/c/inbox/rules")).statusCode).toBe(403);
    expect((await call({ headers }, "POST", "/c/inbox/rules", { keyword: "a", reply: "b" })).statusCode).toBe(
      403,
    );
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another organization's conversation, send and rule", async () => {
    const tenant = await f.freshTenant(10);
    const other = await createTenant(t);
    const a = number();
    const campaign = await send(tenant, a);
    await reply(a, "hello");
    const rule = await createRule(tenant, "hello", "Hi!");
    await expectCrossTenant404(t, other, [
      { method: "GET", url: `/api/v1/c/inbox/conversations/${local(a)}` },
      { method: "GET", url: `/api/v1/c/inbox/conversations?campaign_id=${campaign}` },
      { method: "GET", url: `/api/v1/c/inbox/conversations/${local(a)}?campaign_id=${campaign}` },
      { method: "PUT", url: `/api/v1/c/inbox/rules/${rule.id}`, payload: { keyword: "x", reply: "y" } },
      { method: "DELETE", url: `/api/v1/c/inbox/rules/${rule.id}` },
    ]);
    const list = await call(other, "GET", "/c/inbox/conversations");
    expect(list.json().data.entities).toEqual([]);
    expect((await call(tenant, "GET", "/c/inbox/rules")).json().data.entities).toMatchObject([
      { id: rule.id, keyword: "hello", reply: "Hi!" },
    ]);
  });
});
