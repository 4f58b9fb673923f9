import { queryRows, schema } from "@sms/db";
import {
  CAMPAIGN_STATUSES,
  countSms,
  MEMBER_ROLE,
  MESSAGE_TYPES,
  renderTemplate,
  SEND_KINDS,
  SEND_PURPOSES,
  thaiPublicHolidays,
} from "@sms/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../i18n/index.ts";
import { errorOf, type SendTenant, sendFixtures } from "../../test/sends.ts";
import {
  addMember,
  createTenant,
  expectCrossTenant404,
  OWN_SENDER,
  ownSender,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { acceptCampaign } from "./create-campaign.ts";
import type { SendDeps } from "./resolve-send.ts";

const CHUNK_SIZE = 2;

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let owner: TestTenant;
let other: TestTenant;
let ownerSender: string;

beforeAll(async () => {
  // Small chunks, so a six-recipient campaign shows how it is split into jobs.
  t = await createTestApp({ env: { ENGINE_CHUNK_SIZE: String(CHUNK_SIZE) } });
  f = sendFixtures(t);
  owner = await createTenant(t, { name: "Sender Co" });
  other = await createTenant(t, { name: "Other Co" });
  await f.fund(owner, 100_000);
  await f.fund(other, 100_000);
  ownerSender = await f.approvedSender(owner, "SenderCo", "marketing");
});
afterAll(() => t?.close());

function post(
  caller: Pick<TestTenant, "headers">,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
  locale = "en",
) {
  return t.app.inject({
    method: "POST",
    url: `/api/v1${url}`,
    headers: { ...caller.headers, "accept-language": locale, ...headers },
    payload,
  });
}

function get(caller: Pick<TestTenant, "headers">, url: string) {
  return t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...caller.headers, "accept-language": "en" },
  });
}

// ---- contract and schema agree ----

describe("the contract's lists", () => {
  it("are the database's", () => {
    expect(SEND_KINDS).toEqual(schema.SEND_KINDS);
    expect(SEND_PURPOSES).toEqual(schema.SEND_PURPOSES);
    expect(CAMPAIGN_STATUSES).toEqual(schema.CAMPAIGN_STATUSES);
    expect(MESSAGE_TYPES).toEqual(schema.MESSAGE_TYPES);
  });
});

// ---- POST /c/messages ----

describe("POST /c/messages (instant message)", () => {
  it.each([
    ["0812345670", "66812345670"],
    ["+66812345671", "66812345671"],
    ["66812345672", "66812345672"],
  ])("sends to %s as %s: one instant campaign, one message, charged and queued", async (typed, msisdn) => {
    const tenant = await f.freshTenant(100);
    const text = "Your parcel is on its way";
    const res = await post(tenant, "/c/messages", {
      phone_number: typed,
      sender: tenant.sender,
      message: text,
      purpose: "general",
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json().data;
    expect(message).toMatchObject({
      recipient: msisdn,
      type: "instant",
      sender: tenant.sender,
      message: text,
      billed_parts: 1,
      credits: 1,
      status: "queued",
    });
    const [campaign] = await t.db
      .select()
      .from(schema.campaigns)
      .where(eq(schema.campaigns.id, message.campaign_id));
    expect(campaign).toMatchObject({ kind: "instant", recipients: 1, credits: 1, purpose: "general" });
    const stored = await f.messagesOf(message.campaign_id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ seq: 1, type: "instant", recipient: msisdn, text: null });
    expect(stored[0]!.createdAt.getTime()).toBe(campaign!.acceptedAt.getTime());
    expect(await f.balance(tenant)).toBe(99);
    expect(await f.chunkJobsOf(message.campaign_id)).toEqual([{ from: 1, to: 1, state: "created" }]);
    expect(await f.queuedRollup(tenant, "instant")).toEqual({ messages: 1, credits: 1 });
  });

  it("charges the billed parts of the text (160/154 single-byte, 70/67 unicode)", async () => {
    const tenant = await f.freshTenant(100);
    const thai = "ก".repeat(71);
    const res = await post(tenant, "/c/messages", {
      phone_number: "0812345673",
      sender: tenant.sender,
      message: thai,
      purpose: "general",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ billed_parts: 2, credits: 2 });
    expect(await f.balance(tenant)).toBe(98);
  });

  it("refuses an invalid recipient with the translated message on the field", async () => {
    for (const [locale, text] of [
      ["en", "The recipient is invalid"],
      ["th", translate("validation.recipient_invalid", "th")],
    ] as const) {
      const res = await post(
        owner,
        "/c/messages",
        { phone_number: "0212345678", sender: ownerSender, message: "Hi", purpose: "general" },
        {},
        locale,
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).details).toEqual([{ path: "phone_number", message: text }]);
    }
  });

  it("stores nothing when the balance is too low, and says why", async () => {
    const tenant = await f.freshTenant(0);
    const before = await f.footprint(tenant);
    const res = await post(tenant, "/c/messages", {
      phone_number: "0812345674",
      sender: tenant.sender,
      message: "Hi",
      purpose: "general",
    });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      message: "Not enough credits: this send needs 1 credits and the balance is 0.",
    });
    expect(await f.footprint(tenant)).toEqual(before);
  });

  it("sends marketing only under the organization's own approved marketing sender", async () => {
    const tenant = await f.freshTenant(100);
    const otp = await f.approvedSender(tenant, "OwnOtp", "otp");
    const res = await post(tenant, "/c/messages", {
      phone_number: "0812345675",
      sender: otp,
      message: "Sale today",
      purpose: "marketing",
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual([
      {
        path: "sender",
        message: "Marketing messages need your organization's own approved marketing sender name.",
      },
    ]);
    // The organization's own OTP sender may carry general messages.
    const general = await post(tenant, "/c/messages", {
      phone_number: "0812345675",
      sender: otp,
      message: "Your code is 1234",
      purpose: "general",
    });
    expect(general.statusCode, general.body).toBe(201);
    const marketing = await post(tenant, "/c/messages", {
      phone_number: "0812345675",
      sender: tenant.sender,
      message: "Sale today",
      purpose: "marketing",
    });
    expect(marketing.statusCode, marketing.body).toBe(201);
  });

  it("refuses marketing to a number on the suppression list, but not a general message", async () => {
    const tenant = await f.freshTenant(100);
    await f.suppress(tenant, "66812345676");
    const before = await f.footprint(tenant);
    const body = { phone_number: "0812345676", sender: tenant.sender, message: "Sale", purpose: "marketing" };
    const res = await post(tenant, "/c/messages", body);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).message).toBe(
      "This recipient has opted out of marketing messages from your organization.",
    );
    expect(await f.footprint(tenant)).toEqual(before);
    expect((await post(tenant, "/c/messages", { ...body, purpose: "general" })).statusCode).toBe(201);
  });

  it("answers an unknown or another organization's sender with 404", async () => {
    await f.approvedSender(other, "TheirName", "marketing");
    for (const sender of ["NoSuchName", "TheirName"]) {
      const res = await post(owner, "/c/messages", {
        phone_number: "0812345677",
        sender,
        message: "Hi",
        purpose: "general",
      });
      expect(res.statusCode, sender).toBe(404);
    }
  });

  it("honours Idempotency-Key: the retry answers the same message and charges once", async () => {
    const tenant = await f.freshTenant(100);
    const body = { phone_number: "0812345678", sender: tenant.sender, message: "Once", purpose: "general" };
    const headers = { "idempotency-key": "instant-retry-1" };
    const first = await post(tenant, "/c/messages", body, headers);
    const second = await post(tenant, "/c/messages", body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await f.balance(tenant)).toBe(99);
    expect((await f.footprint(tenant)).campaigns).toBe(1);
    // The same key for another kind of send is a conflict, not a silent answer.
    const campaign = await post(
      tenant,
      "/c/campaigns",
      { name: "X", sender: tenant.sender, purpose: "general", manual_contacts: "0812345678", message: "Hi" },
      headers,
    );
    expect(campaign.statusCode).toBe(409);
    // A malformed key is refused.
    const bad = await post(tenant, "/c/messages", body, { "idempotency-key": "has spaces" });
    expect(bad.statusCode).toBe(400);
  });

  it("records the sender's last use", async () => {
    const tenant = await f.freshTenant(100);
    await post(tenant, "/c/messages", {
      phone_number: "0812345679",
      sender: tenant.sender,
      message: "Hi",
      purpose: "general",
    });
    const [row] = await t.db
      .select({ lastUsedAt: schema.senders.lastUsedAt })
      .from(schema.senders)
      .where(
        and(eq(schema.senders.organizationId, tenant.organizationId), eq(schema.senders.name, tenant.sender)),
      );
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });
});

// ---- POST /c/campaigns ----

describe("POST /c/campaigns", () => {
  it("sends to groups and typed numbers once each, counting invalid and repeated numbers", async () => {
    const tenant = await f.freshTenant(1000);
    const a = await f.group(tenant, [
      { phone: "66811111111" },
      { phone: "66811111112" },
      { phone: "66811111113" },
    ]);
    const b = await f.group(tenant, [{ phone: "66811111113" }, { phone: "66811111114" }]);
    const res = await post(tenant, "/c/campaigns", {
      name: "Spring",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [a, b],
      // 0811111111 is in group a; 0822222222 twice; 12345 is invalid; the 66 and +66 forms count,
      // as on every other screen (D32).
      manual_contacts: "0811111111, 0822222222;0822222222\n12345\r\n66833333333\n\n+66 84 444 4444",
      message: "Hello",
    });
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json().data;
    expect(campaign).toMatchObject({
      kind: "campaign",
      name: "Spring",
      sender: tenant.sender,
      group_ids: [a, b],
      manual_contacts: 4,
      recipients: 7,
      invalid: 1,
      duplicates: 3,
      suppressed: 0,
      credits: 7,
      status: "queued",
      message: "Hello",
    });
    const stored = await f.messagesOf(campaign.id);
    expect(stored.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(stored.map((m) => m.recipient))).toEqual(
      new Set([
        "66811111111",
        "66811111112",
        "66811111113",
        "66811111114",
        "66822222222",
        "66833333333",
        "66844444444",
      ]),
    );
    expect(stored.every((m) => m.text === null && m.type === "campaign" && m.credits === 1)).toBe(true);
    expect(stored.every((m) => m.createdAt.getTime() === new Date(campaign.accepted_at).getTime())).toBe(
      true,
    );
    expect(await f.balance(tenant)).toBe(993);
    // Chunks of CHUNK_SIZE recipients, never run here (the engine's handler is not part of this module).
    expect(await f.chunkJobsOf(campaign.id)).toEqual([
      { from: 1, to: 2, state: "created" },
      { from: 3, to: 4, state: "created" },
      { from: 5, to: 6, state: "created" },
      { from: 7, to: 7, state: "created" },
    ]);
    expect(await f.queuedRollup(tenant, "campaign")).toEqual({ messages: 7, credits: 7 });
    const [entry] = await t.db
      .select()
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.reference, `campaign:${campaign.id}`));
    expect(entry).toMatchObject({
      type: "used",
      credits: -7,
      reason: "ledger.campaign",
      userId: tenant.userId,
    });
    expect(entry?.memberId).not.toBeNull();
    expect((await f.footprint(tenant)).staging).toBe(0);
  });

  it("fills {first_name}, {last_name} and {phone_number} per recipient and charges each text's parts", async () => {
    const tenant = await f.freshTenant(1000);
    const contacts = [
      { phone: "66812000001", first: "Somchai", last: "Jaidee" },
      { phone: "66812000002", first: "สมหญิง", last: "ใจงาม" },
      { phone: "66812000003", first: "A".repeat(150), last: "" },
      { phone: "66812000004", first: "", last: "" },
    ];
    const g = await f.group(tenant, contacts);
    const text = "Dear {first_name} {last_name}, your number {phone_number} won!";
    const res = await post(tenant, "/c/campaigns", {
      name: "Personal",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [g],
      manual_contacts: "0812000005",
      message: text,
    });
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json().data;
    const stored = await f.messagesOf(campaign.id);
    const expected = [...contacts, { phone: "66812000005", first: "", last: "" }].map((c) => {
      const body = renderTemplate(text, { first_name: c.first, last_name: c.last, phone_number: c.phone });
      return { recipient: c.phone, text: body, parts: countSms(body).parts };
    });
    expect(stored.map((m) => ({ recipient: m.recipient, text: m.text, parts: m.billedParts }))).toEqual(
      expected,
    );
    expect(stored.map((m) => m.credits)).toEqual(expected.map((e) => e.parts));
    // Thai name: unicode; a 150-letter name: two single-byte parts.
    expect(expected.map((e) => e.parts)).toEqual([1, 1, 2, 1, 1]);
    const total = expected.reduce((sum, e) => sum + e.parts, 0);
    expect(campaign.credits).toBe(total);
    expect(await f.balance(tenant)).toBe(1000 - total);
    expect(await f.queuedRollup(tenant, "campaign")).toEqual({ messages: 5, credits: total });
    // The report shows each recipient's own text.
    const list = await get(tenant, `/c/messages?phone=0812000002`);
    expect(list.json().data.entities[0].message).toBe(expected[1]!.text);
  });

  it("drops numbers on the suppression list from marketing only, and counts them", async () => {
    const tenant = await f.freshTenant(1000);
    await f.suppress(tenant, "66813000001");
    await f.suppress(tenant, "66813000003");
    const g = await f.group(tenant, [{ phone: "66813000001" }, { phone: "66813000002" }]);
    const body = {
      name: "Promo",
      sender: tenant.sender,
      group_ids: [g],
      manual_contacts: "0813000003\n0813000004",
      message: "Sale",
    };
    const marketing = await post(tenant, "/c/campaigns", { ...body, purpose: "marketing" });
    expect(marketing.statusCode, marketing.body).toBe(201);
    expect(marketing.json().data).toMatchObject({ recipients: 2, suppressed: 2, credits: 2 });
    const kept = await f.messagesOf(marketing.json().data.id);
    expect(kept.map((m) => [m.seq, m.recipient])).toEqual([
      [1, "66813000002"],
      [2, "66813000004"],
    ]);
    const general = await post(tenant, "/c/campaigns", { ...body, purpose: "general" });
    expect(general.json().data).toMatchObject({ recipients: 4, suppressed: 0, credits: 4 });
  });

  it("uses the organization's template when no message is given", async () => {
    const tenant = await f.freshTenant(100);
    const id = await f.template(tenant, "Hi {first_name}");
    const g = await f.group(tenant, [{ phone: "66814000001", first: "Mali" }]);
    const res = await post(tenant, "/c/campaigns", {
      name: "From template",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [g],
      template_id: id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ template_id: id, message: "Hi {first_name}" });
    expect((await f.messagesOf(res.json().data.id))[0]?.text).toBe("Hi Mali");
  });

  it("refuses a template that is off", async () => {
    const tenant = await f.freshTenant(100);
    const id = await f.template(tenant, "Hi", false);
    const res = await post(tenant, "/c/campaigns", {
      name: "Off",
      sender: tenant.sender,
      purpose: "general",
      manual_contacts: "0814000002",
      template_id: id,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual([
      {
        path: "template_id",
        message: "This template is turned off. Please turn it on or choose another one.",
      },
    ]);
  });

  it("answers another organization's group or template with 404 and stores nothing", async () => {
    const tenant = await f.freshTenant(100);
    const theirGroup = await f.group(other, [{ phone: "66815000001" }]);
    const theirTemplate = await f.template(other, "Theirs");
    const before = await f.footprint(tenant);
    const base = { name: "X", sender: tenant.sender, purpose: "general" };
    for (const body of [
      { ...base, group_ids: [theirGroup], message: "Hi" },
      { ...base, manual_contacts: "0815000002", template_id: theirTemplate },
    ]) {
      for (const url of ["/c/campaigns", "/c/campaigns/preview"]) {
        const res = await post(tenant, url, body);
        expect(res.statusCode, `${url} ${res.body}`).toBe(404);
        expect(errorOf(res).code).toBe("NOT_FOUND");
      }
    }
    expect(await f.footprint(tenant)).toEqual(before);
  });

  it("says which recipients or text are missing, in the caller's language", async () => {
    const base = { name: "X", sender: ownerSender, purpose: "general" };
    const none = await post(owner, "/c/campaigns", { ...base, message: "Hi" });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).details).toEqual([
      { path: "group_ids", message: "Please select contact groups or fill in manual contact" },
    ]);
    const th = await post(owner, "/c/campaigns", { ...base, message: "Hi" }, {}, "th");
    expect(errorOf(th).details?.[0]?.message).toBe(translate("validation.recipients_required", "th"));

    const noText = await post(owner, "/c/campaigns", { ...base, manual_contacts: "0816000001" });
    expect(errorOf(noText).details).toEqual([
      { path: "message", message: "Please enter the message or choose a template." },
    ]);
    const unknownTag = await post(owner, "/c/campaigns", {
      ...base,
      manual_contacts: "0816000001",
      message: "Hi {nickname}",
    });
    expect(errorOf(unknownTag).details?.[0]?.path).toBe("message");
    const noPurpose = await post(owner, "/c/campaigns", {
      name: "X",
      sender: ownerSender,
      manual_contacts: "0816000001",
      message: "Hi",
    });
    expect(errorOf(noPurpose).details).toEqual([
      { path: "purpose", message: "Please choose the purpose: general, marketing or debt collection." },
    ]);
  });

  it("limits manual contacts to 1000 numbers, saying so with the limit", async () => {
    const numbers = Array.from({ length: 1001 }, (_, i) => `08${String(20_000_000 + i)}`);
    for (const url of ["/c/campaigns", "/c/campaigns/preview"]) {
      const res = await post(owner, url, {
        name: "Many",
        sender: ownerSender,
        purpose: "general",
        manual_contacts: numbers.join("\n"),
        message: "Hi",
      });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res).message).toBe("Manual contacts are limited to 1000 contacts.");
      expect(errorOf(res).details).toEqual([
        { path: "manual_contacts", message: "Manual contacts are limited to 1000 contacts." },
      ]);
    }
    const exactly = await post(owner, "/c/campaigns/preview", {
      purpose: "general",
      manual_contacts: numbers.slice(0, 1000).join(","),
      message: "Hi",
    });
    expect(exactly.statusCode, exactly.body).toBe(200);
    expect(exactly.json().data.recipients).toBe(1000);
  });

  it("answers 422 when no recipient is left, and stores nothing", async () => {
    const tenant = await f.freshTenant(100);
    await f.suppress(tenant, "66817000001");
    const empty = await f.group(tenant, []);
    const before = await f.footprint(tenant);
    for (const body of [
      { manual_contacts: "12345, 0212345678", purpose: "general" },
      { group_ids: [empty], purpose: "general" },
      { manual_contacts: "0817000001", purpose: "marketing" },
    ]) {
      const res = await post(tenant, "/c/campaigns", {
        name: "None",
        sender: tenant.sender,
        message: "Hi",
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorOf(res).message).toBe(
        "No recipient is left to send to: every number is invalid, a duplicate or has opted out of marketing messages.",
      );
    }
    expect(await f.footprint(tenant)).toEqual(before);
  });

  it("gives a tag's fallback to contacts without a value and charges the text they get (D35)", async () => {
    const tenant = await f.freshTenant(1000);
    const contacts = [
      { phone: "66812200001", first: "Ann", last: "" },
      { phone: "66812200002", first: "", last: "" },
      { phone: "66812200003", first: "  ", last: "" },
    ];
    const g = await f.group(tenant, contacts);
    // 150 letters, a space and the name: "Ann" fits one part (154), the fallback needs two (166).
    const text = `${"x".repeat(150)} {first_name|Customer-friend}`;
    const body = { sender: tenant.sender, purpose: "general", group_ids: [g], message: text };
    const preview = (await post(tenant, "/c/campaigns/preview", body)).json().data;
    expect(preview).toMatchObject({
      recipients: 3,
      credits: 5,
      min_parts: 1,
      max_parts: 2,
      missing_values: 0,
    });
    const res = await post(tenant, "/c/campaigns", { ...body, name: "Fallback" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.credits).toBe(5);
    const stored = await f.messagesOf(res.json().data.id);
    expect(stored.map((m) => ({ text: m.text, parts: m.billedParts }))).toEqual([
      { text: `${"x".repeat(150)} Ann`, parts: 1 },
      { text: `${"x".repeat(150)} Customer-friend`, parts: 2 },
      { text: `${"x".repeat(150)} Customer-friend`, parts: 2 },
    ]);
    expect(await f.balance(tenant)).toBe(995);
  });

  it("refuses a text that personalises to nothing for some recipients, and stores nothing", async () => {
    const tenant = await f.freshTenant(100);
    const g = await f.group(tenant, [
      { phone: "66812100001", first: "Somchai", last: "" },
      { phone: "66812100002", first: "", last: "" },
    ]);
    const before = await f.footprint(tenant);
    const res = await post(tenant, "/c/campaigns", {
      name: "Tags only",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [g],
      message: "{first_name}",
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res).message).toBe(
      "The message would be empty for 1 recipients once personalised (for example contacts without a first name). Please add text around the tags.",
    );
    expect(await f.footprint(tenant)).toEqual(before);
  });

  it("stores nothing when the balance does not cover every message", async () => {
    const tenant = await f.freshTenant(2);
    const g = await f.group(tenant, [
      { phone: "66818000001" },
      { phone: "66818000002" },
      { phone: "66818000003" },
    ]);
    const before = await f.footprint(tenant);
    const res = await post(tenant, "/c/campaigns", {
      name: "Too big",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [g],
      message: "Hi",
    });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      message: "Not enough credits: this send needs 3 credits and the balance is 2.",
    });
    expect(await f.footprint(tenant)).toEqual(before);
    expect(before).toMatchObject({ campaigns: 0, messages: 0, staging: 0, rollups: 0, balance: 2 });
  });

  it("honours Idempotency-Key: one campaign, one charge", async () => {
    const tenant = await f.freshTenant(100);
    const body = {
      name: "Once",
      sender: tenant.sender,
      purpose: "general",
      manual_contacts: "0819000001",
      message: "Hi",
    };
    const headers = { "idempotency-key": "5a1f6d8e-campaign" };
    const first = await post(tenant, "/c/campaigns", body, headers);
    const again = await post(tenant, "/c/campaigns", { ...body, name: "Changed" }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    expect(await f.balance(tenant)).toBe(99);
    expect(await f.chunkJobsOf(first.json().data.id)).toHaveLength(1);
    // Another organization may use the same key for its own send.
    await ownSender(t, other);
    const theirs = await post(other, "/c/campaigns", { ...body, sender: OWN_SENDER }, headers);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
  });
});

// ---- debt-collection hours (the use case with a clock) ----

describe("debt-collection hours", () => {
  const deps = (now: Date): SendDeps => ({
    db: t.db,
    dbHandle: t.dbHandle,
    jobs: t.jobs,
    chunkSize: CHUNK_SIZE,
    now: () => now,
  });
  const send = (tenant: SendTenant, now: Date) =>
    acceptCampaign(
      deps(now),
      { organizationId: tenant.organizationId, userId: tenant.userId },
      {
        name: "Debt",
        sender: tenant.sender,
        purpose: "debt_collection",
        groupIds: [],
        manualContacts: "0891000001",
        message: "Please pay",
      },
    );

  it("refuses debt collection on a weekday evening and a holiday evening, allows office hours", async () => {
    const tenant = await f.freshTenant(100);
    // 2026-03-04 is a Wednesday; 13:00 UTC is 20:00 in Bangkok.
    await expect(send(tenant, new Date("2026-03-04T13:00:00Z"))).rejects.toMatchObject({
      status: 422,
      messageKey: "campaigns.debt_collection_blocked",
    });
    await t.db.insert(schema.holidays).values({ date: "2026-03-05", name: "Test holiday" });
    // 18:30 in Bangkok on the holiday.
    await expect(send(tenant, new Date("2026-03-05T11:30:00Z"))).rejects.toMatchObject({ status: 422 });
    // 18:30 on the Wednesday is allowed (only 20:00 on weekdays).
    const accepted = await send(tenant, new Date("2026-03-04T11:30:00Z"));
    expect(accepted.campaign).toMatchObject({ purpose: "debt_collection", recipients: 1 });
    expect((await f.footprint(tenant)).campaigns).toBe(1);
  });

  it("knows the built-in 2027 holidays from the first day (ADR 76): a holiday evening is barred until staff remove the day", async () => {
    const tenant = await f.freshTenant(100);
    const official = thaiPublicHolidays(2027) ?? [];
    const lent = official.find((h) => h.date === "2027-07-19");
    expect(lent?.name.en).toMatch(/Khao Phansa/);
    // 18:30 in Bangkok on Monday 19 July 2027 (weekdays close at 20:00): barred, the day is a holiday.
    const evening = new Date("2027-07-19T11:30:00Z");
    await expect(send(tenant, evening)).rejects.toMatchObject({
      status: 422,
      messageKey: "campaigns.debt_collection_blocked",
    });
    // Monday 26 July 2027 is no holiday: 18:30 is allowed.
    const accepted = await send(tenant, new Date("2027-07-26T11:30:00Z"));
    expect(accepted.campaign).toMatchObject({ purpose: "debt_collection" });
    // Staff removing the day opens its evening again.
    await t.db.delete(schema.holidays).where(eq(schema.holidays.date, "2027-07-19"));
    try {
      expect((await send(tenant, evening)).campaign).toMatchObject({ purpose: "debt_collection" });
    } finally {
      await t.db.insert(schema.holidays).values({ date: "2027-07-19", name: lent?.name.th ?? "" });
    }
  });
});

// ---- POST /c/campaigns/preview ----

describe("POST /c/campaigns/preview", () => {
  it("answers the recipients, drops and credits the campaign would have, without any side effect", async () => {
    const tenant = await f.freshTenant(3);
    await f.suppress(tenant, "66820000002");
    const g = await f.group(tenant, [
      { phone: "66820000001", first: "Ann" },
      { phone: "66820000002", first: "Bee" },
      { phone: "66820000003", first: "สมใจ" },
    ]);
    const body = {
      purpose: "marketing",
      sender: tenant.sender,
      group_ids: [g],
      manual_contacts: "0820000001,bad,0820000004,0820000004",
      message: "Hi {first_name}",
    };
    const before = await f.footprint(tenant);
    const res = await post(tenant, "/c/campaigns/preview", body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      recipients: 3,
      invalid: 1,
      duplicates: 2,
      suppressed: 1,
      parts: 1,
      min_parts: 1,
      max_parts: 1,
      credits: 3,
      balance: 3,
      enough_credits: true,
      personalised: true,
      // A marketing send ends with its opt-out footer (ADR 93): counted, and priced per text.
      opt_out: { characters: expect.any(Number), credits: null },
    });
    const footer = res.json().data.opt_out.characters;
    expect(res.json().data.text).toEqual({
      encoding: "single-byte",
      length: 15 + footer,
      parts: 1,
      per_part: 160,
      forcing_char: null,
    });
    expect(await f.footprint(tenant)).toEqual(before);

    // The acceptance stores exactly what the preview said.
    const created = await post(tenant, "/c/campaigns", { ...body, name: "Same" });
    expect(created.json().data).toMatchObject({
      recipients: 3,
      invalid: 1,
      duplicates: 2,
      suppressed: 1,
      credits: 3,
    });
  });

  it("says when the parts differ and when the balance is short", async () => {
    const tenant = await f.freshTenant(1);
    const g = await f.group(tenant, [
      { phone: "66821000001", first: "A".repeat(160) },
      { phone: "66821000002" },
    ]);
    const res = await post(tenant, "/c/campaigns/preview", {
      purpose: "general",
      group_ids: [g],
      message: "{first_name}!",
    });
    expect(res.json().data).toMatchObject({
      recipients: 2,
      parts: null,
      min_parts: 1,
      max_parts: 2,
      credits: 3,
      enough_credits: false,
    });
  });

  it("counts recipients left without a tag's value and shows the first recipient's text (D33, D35)", async () => {
    const tenant = await f.freshTenant(100);
    const g = await f.group(tenant, [
      { phone: "66823000001", first: "มานี", last: "มีนา" },
      { phone: "66823000002", first: "", last: "ใจดี" },
      { phone: "66823000003", first: "ชูใจ", last: "" },
    ]);
    const res = await post(tenant, "/c/campaigns/preview", {
      purpose: "general",
      group_ids: [g],
      // A typed number has no names at all.
      manual_contacts: "66823000004",
      message: "สวัสดีคุณ{first_name} {last_name|}!",
    });
    expect(res.json().data).toMatchObject({
      recipients: 4,
      missing_values: 3,
      sample: { recipient: "0823000001", message: "สวัสดีคุณมานี มีนา!" },
    });
    const withFallback = await post(tenant, "/c/campaigns/preview", {
      purpose: "general",
      group_ids: [g],
      message: "สวัสดีคุณ{first_name|ลูกค้า}",
    });
    expect(withFallback.json().data).toMatchObject({ missing_values: 0, personalised: true });
    const plain = await post(tenant, "/c/campaigns/preview", {
      purpose: "general",
      manual_contacts: "+66823000005",
      message: "Hello",
    });
    expect(plain.json().data).toMatchObject({
      recipients: 1,
      missing_values: 0,
      sample: { recipient: "0823000005", message: "Hello" },
    });
  });

  it("names the character that forces the unicode rate", async () => {
    const res = await post(owner, "/c/campaigns/preview", {
      purpose: "general",
      manual_contacts: "0822000001",
      message: "Price 100฿",
    });
    expect(res.json().data.text).toMatchObject({ encoding: "unicode", forcing_char: "฿", per_part: 70 });
  });
});

// ---- reports ----

describe("GET /c/campaigns, /c/campaigns/{id}, /summary, /c/messages", () => {
  let tenant: SendTenant;
  let campaignId: number;
  let instantCampaignId: number;

  beforeAll(async () => {
    tenant = await f.freshTenant(1000);
    const first = await post(tenant, "/c/campaigns", {
      name: "Alpha",
      sender: tenant.sender,
      purpose: "general",
      manual_contacts: "0830000001,0830000002,0830000003",
      message: "Hello all",
    });
    campaignId = first.json().data.id;
    await post(tenant, "/c/campaigns", {
      name: "Beta",
      sender: tenant.sender,
      purpose: "general",
      manual_contacts: "0830000004",
      message: "Second",
    });
    const instant = await post(tenant, "/c/messages", {
      phone_number: "0830000005",
      sender: tenant.sender,
      message: "Instant one",
      purpose: "general",
    });
    instantCampaignId = instant.json().data.campaign_id;
  });

  it("lists campaigns (not instant sends), newest first, searchable by name", async () => {
    const res = await get(tenant, "/c/campaigns");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.entities.map((c: { name: string }) => c.name)).toEqual(["Beta", "Alpha"]);
    expect(res.json().data.page_information).toMatchObject({ total_item: 2, page: 1 });
    const search = await get(tenant, "/c/campaigns?search=alp");
    expect(search.json().data.entities.map((c: { name: string }) => c.name)).toEqual(["Alpha"]);
  });

  it("answers one campaign, and an instant send by its campaign id", async () => {
    const res = await get(tenant, `/c/campaigns/${campaignId}`);
    expect(res.json().data).toMatchObject({ id: campaignId, name: "Alpha", recipients: 3, credits: 3 });
    expect((await get(tenant, `/c/campaigns/${instantCampaignId}`)).json().data.kind).toBe("instant");
  });

  it("summarises messages and credits by status", async () => {
    const res = await get(tenant, `/c/campaigns/${campaignId}/summary`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: campaignId,
      recipients: 3,
      credits: 3,
      refunded_credits: 0,
      messages: { queued: 3, sent: 0, delivered: 0, failed: 0, pending: 0 },
      status_credits: { queued: 3, sent: 0, delivered: 0, failed: 0, pending: 0 },
      tracks_links: false,
      clicks: 0,
      clicked_recipients: 0,
    });
  });

  it("lists messages over the default period, newest first, by phone and status, with their text", async () => {
    const all = await get(tenant, "/c/messages");
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.page_information.total_item).toBe(5);
    expect(all.json().data.entities[0]).toMatchObject({
      recipient: "66830000005",
      type: "instant",
      message: "Instant one",
    });
    const byPhone = await get(tenant, "/c/messages?phone=083-000-0002");
    expect(byPhone.json().data.entities).toHaveLength(1);
    expect(byPhone.json().data.entities[0]).toMatchObject({
      recipient: "66830000002",
      campaign_id: campaignId,
      message: "Hello all",
      status: "queued",
    });
    expect((await get(tenant, "/c/messages?status=delivered")).json().data.entities).toEqual([]);
    const old = await get(tenant, "/c/messages?start=2025-01-01&end=2025-01-10");
    expect(old.json().data.entities).toEqual([]);
    const tooLong = await get(tenant, "/c/messages?start=2025-01-01&end=2025-03-10");
    expect(tooLong.statusCode).toBe(400);
    const badPhone = await get(tenant, "/c/messages?phone=12");
    expect(errorOf(badPhone).details).toEqual([{ path: "phone", message: "Phone Number is invalid!" }]);
  });

  it("answers another organization's campaign ids with 404 and never lists its sends", async () => {
    await expectCrossTenant404(t, other, [
      { method: "GET", url: `/api/v1/c/campaigns/${campaignId}` },
      { method: "GET", url: `/api/v1/c/campaigns/${campaignId}/summary` },
      { method: "GET", url: `/api/v1/c/campaigns/${instantCampaignId}` },
    ]);
    const theirs = await get(other, "/c/messages");
    expect(
      theirs.json().data.entities.filter((m: { campaign_id: number }) => m.campaign_id === campaignId),
    ).toEqual([]);
    const list = await get(other, "/c/campaigns");
    expect(list.json().data.entities.map((c: { id: number }) => c.id)).not.toContain(campaignId);
  });

  it("shows a member with only its own reports its own sends", async () => {
    const colleague = await createTenant(t, { name: "Colleague" });
    await addMember(t, tenant.organizationId, colleague.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: tenant.organizationId })
      .where(eq(schema.users.id, colleague.userId));
    expect((await get(colleague, `/c/campaigns/${campaignId}`)).statusCode).toBe(404);
    expect((await get(colleague, "/c/campaigns")).json().data.entities).toEqual([]);
    expect((await get(colleague, "/c/messages")).json().data.entities).toEqual([]);
    const own = await post(colleague, "/c/campaigns", {
      name: "Mine",
      sender: tenant.sender,
      purpose: "general",
      manual_contacts: "0830000009",
      message: "Mine",
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(
      (await get(colleague, "/c/campaigns")).json().data.entities.map((c: { name: string }) => c.name),
    ).toEqual(["Mine"]);
    expect((await get(colleague, "/c/messages")).json().data.page_information.total_item).toBe(1);
  });

  it("lists one campaign's messages by campaign_id, over its own accepted day unless a period is given", async () => {
    const res = await get(tenant, `/c/messages?campaign_id=${campaignId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.page_information.total_item).toBe(3);
    expect(res.json().data.entities.every((m: { campaign_id: number }) => m.campaign_id === campaignId)).toBe(
      true,
    );
    const byStatus = await get(tenant, `/c/messages?campaign_id=${campaignId}&status=delivered`);
    expect(byStatus.json().data.entities).toEqual([]);

    // A send accepted 20 days ago: outside the default 7 days, still listed by its id.
    const old = await post(tenant, "/c/campaigns", {
      name: "Old",
      sender: tenant.sender,
      purpose: "general",
      manual_contacts: "0830000011,0830000012",
      message: "Old one",
    });
    const oldId: number = old.json().data.id;
    await t.db.execute(
      sql`UPDATE campaigns SET accepted_at = accepted_at - interval '20 days' WHERE id = ${oldId}`,
    );
    await t.db.execute(
      sql`UPDATE messages SET created_at = created_at - interval '20 days' WHERE campaign_id = ${oldId}`,
    );
    expect(
      (await get(tenant, "/c/messages"))
        .json()
        .data.entities.map((m: { campaign_id: number }) => m.campaign_id),
    ).not.toContain(oldId);
    const byId = await get(tenant, `/c/messages?campaign_id=${oldId}`);
    expect(
      byId
        .json()
        .data.entities.map((m: { recipient: string }) => m.recipient)
        .sort(),
    ).toEqual(["66830000011", "66830000012"]);
    // A period the caller gives is kept (and this one misses the old send).
    const today = new Date().toISOString().slice(0, 10);
    const lastWeek = await get(tenant, `/c/messages?campaign_id=${oldId}&start=${today}&end=${today}`);
    expect(lastWeek.json().data.entities).toEqual([]);

    const bad = await get(tenant, "/c/messages?campaign_id=abc");
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details).toEqual([
      { path: "campaign_id", message: "campaign_id must be a campaign number." },
    ]);
  });

  it("answers another organization's campaign_id on /c/messages with 404", async () => {
    await expectCrossTenant404(t, other, [
      { method: "GET", url: `/api/v1/c/messages?campaign_id=${campaignId}` },
    ]);
  });
});

// ---- the database's billed parts agree with the domain's ----

describe("billed parts computed in SQL", () => {
  it("equal countSms for single-byte, unicode, astral and boundary lengths", async () => {
    const { billedPartsSql } = await import("./billed-parts-sql.ts");
    const texts = [
      "",
      "a",
      "a".repeat(160),
      "a".repeat(161),
      "a".repeat(308),
      "a".repeat(309),
      "ก".repeat(70),
      "ก".repeat(71),
      "ก".repeat(134),
      "ก".repeat(135),
      `${"a".repeat(69)}😀`,
      `${"a".repeat(68)}😀`,
      "😀".repeat(35),
      "😀".repeat(36),
      "line\nbreak\ttab {x} é",
      "€",
    ];
    for (const text of texts) {
      const [row] = await queryRows<{ parts: unknown }>(
        t.db,
        sql`select ${billedPartsSql(sql`${text}::text`)} as parts`,
      );
      expect({ text, parts: Number(row?.parts) }).toEqual({ text, parts: countSms(text).parts });
    }
  });
});
