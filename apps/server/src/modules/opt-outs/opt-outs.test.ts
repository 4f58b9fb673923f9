import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@sms/db";
import { countSms, OPT_OUT_TOKEN_LENGTH, optOutFooterLength } from "@sms/domain";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody } from "../../test/files.ts";
import { type SendTenant, sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { recipientPart } from "../links/index.ts";

const ORIGIN = "https://sms.example.test";
const EN_HEAD = `\nOpt out: ${ORIGIN}/u/`;
const TH_HEAD = `\nยกเลิกรับ ${ORIGIN}/u/`;
const FOOTER_EN = optOutFooterLength("a", ORIGIN);
const FOOTER_TH = optOutFooterLength("ก", ORIGIN);

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let dataDir: string;
/** Each test's page requests come from their own address: the page's rate limit is per address. */
let address = 0;
const nextAddress = () => {
  address += 1;
  return `203.0.113.${address}`;
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-opt-outs-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir, PUBLIC_URL: ORIGIN } });
  f = sendFixtures(t);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const post = (tenant: SendTenant, url: string, payload: object) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1${url}`,
    headers: { ...tenant.headers, "accept-language": "en" },
    payload,
  });

const page = (
  method: "GET" | "POST",
  token: string,
  options: { language?: string; from?: string; query?: string } = {},
) =>
  t.app.inject({
    method,
    url: `/u/${token}${options.query ?? ""}`,
    remoteAddress: options.from ?? nextAddress(),
    headers: {
      ...(options.language ? { "accept-language": options.language } : {}),
      ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    ...(method === "POST" ? { payload: "" } : {}),
  });

async function messagesOf(campaignId: number) {
  return t.db
    .select()
    .from(schema.messages)
    .where(eq(schema.messages.campaignId, campaignId))
    .orderBy(asc(schema.messages.seq));
}

async function suppressionsOf(tenant: SendTenant) {
  return t.db
    .select({ msisdn: schema.suppressions.msisdn, reason: schema.suppressions.reason })
    .from(schema.suppressions)
    .where(eq(schema.suppressions.organizationId, tenant.organizationId));
}

async function consentsOf(tenant: SendTenant, msisdn: string) {
  return t.db
    .select({ kind: schema.contactConsents.kind, source: schema.contactConsents.source })
    .from(schema.contactConsents)
    .where(
      and(
        eq(schema.contactConsents.organizationId, tenant.organizationId),
        eq(schema.contactConsents.msisdn, msisdn),
      ),
    )
    .orderBy(asc(schema.contactConsents.id));
}

/** The token at the end of a message's text. */
const tokenOf = (text: string | null) => (text ?? "").slice(-OPT_OUT_TOKEN_LENGTH);

async function instant(tenant: SendTenant, message: string, extra: object = {}) {
  const res = await post(tenant, "/c/messages", {
    phone_number: "0812345678",
    sender: tenant.sender,
    message,
    purpose: "marketing",
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { campaign_id: number; message: string; credits: number; billed_parts: number };
}

describe("the opt-out footer (ADR 93)", () => {
  it("ends a marketing message with the recipient's link, in the text's language", async () => {
    const tenant = await f.freshTenant(100);
    const english = await instant(tenant, "Big sale today");
    expect(english.message.startsWith(`Big sale today${EN_HEAD}`)).toBe(true);
    expect(english.message).toMatch(new RegExp(`/u/[0-9A-Za-z]{${OPT_OUT_TOKEN_LENGTH}}$`));
    expect(english.message).toHaveLength("Big sale today".length + FOOTER_EN);
    const thai = await instant(tenant, "ลดราคาวันนี้");
    expect(thai.message.startsWith(`ลดราคาวันนี้${TH_HEAD}`)).toBe(true);
    const [link] = await t.db
      .select()
      .from(schema.optOutLinks)
      .where(eq(schema.optOutLinks.campaignId, english.campaign_id));
    expect(link).toMatchObject({ organizationId: tenant.organizationId });
    expect(tokenOf(english.message)).toBe(`${link?.code}${recipientPart(link?.tokenKey ?? "", 1)}`);
  });

  it("is left out when turned off for the send, and never added to another purpose", async () => {
    const tenant = await f.freshTenant(100);
    const off = await instant(tenant, "Big sale today", { opt_out_link: false });
    expect(off.message).toBe("Big sale today");
    const general = await instant(tenant, "Your parcel is on its way", { purpose: "general" });
    expect(general.message).toBe("Your parcel is on its way");
    const rows = await t.db
      .select()
      .from(schema.optOutLinks)
      .where(eq(schema.optOutLinks.organizationId, tenant.organizationId));
    expect(rows).toEqual([]);
  });

  it.each([
    ["single-byte, one part", "a", 160 - FOOTER_EN, 1],
    ["single-byte, past one part", "a", 161 - FOOTER_EN, 2],
    ["single-byte, two full parts", "a", 2 * 154 - FOOTER_EN, 2],
    ["single-byte, past two parts", "a", 2 * 154 + 1 - FOOTER_EN, 3],
    ["unicode, one part", "ก", 70 - FOOTER_TH, 1],
    ["unicode, past one part", "ก", 71 - FOOTER_TH, 2],
    ["unicode, two full parts", "ก", 2 * 67 - FOOTER_TH, 2],
    ["unicode, past two parts", "ก", 2 * 67 + 1 - FOOTER_TH, 3],
  ])("is charged exactly as previewed at the part boundary (%s)", async (_name, char, length, parts) => {
    const tenant = await f.freshTenant(1_000);
    const message = char.repeat(length);
    const group = await f.group(tenant, [
      { first: "A", phone: "66811000001" },
      { first: "B", phone: "66811000002" },
    ]);
    const body = { sender: tenant.sender, purpose: "marketing", group_ids: [group], message };
    const preview = await post(tenant, "/c/campaigns/preview", body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ parts: parts, credits: 2 * parts });
    expect(preview.json().data.opt_out.characters).toBe(char === "a" ? FOOTER_EN : FOOTER_TH);
    const created = await post(tenant, "/c/campaigns", { ...body, name: "Boundary" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ credits: 2 * parts });
    expect(await f.balance(tenant)).toBe(1_000 - 2 * parts);
    for (const m of await messagesOf(created.json().data.id)) {
      expect(m.billedParts).toBe(parts);
      expect(countSms(m.text ?? "").parts).toBe(parts);
    }
  });

  it("follows the text's tracked links, each with the recipient's own parts, and is billed with them", async () => {
    const tenant = await f.freshTenant(100);
    const sent = await instant(tenant, "See https://example.com/a", { track_links: true });
    const [tracked] = await t.db
      .select()
      .from(schema.trackedLinks)
      .where(eq(schema.trackedLinks.campaignId, sent.campaign_id));
    const [optOut] = await t.db
      .select()
      .from(schema.optOutLinks)
      .where(eq(schema.optOutLinks.campaignId, sent.campaign_id));
    expect(sent.message).toBe(
      `See ${ORIGIN}/l/${tracked?.code}${recipientPart(tracked?.tokenKey ?? "", 1)}` +
        `${EN_HEAD}${optOut?.code}${recipientPart(optOut?.tokenKey ?? "", 1)}`,
    );
    expect(sent.billed_parts).toBe(countSms(sent.message).parts);
  });

  it("shows its text and cost in the preview", async () => {
    const tenant = await f.freshTenant(100);
    const group = await f.group(tenant, [{ first: "A", phone: "66811000003" }]);
    const message = "a".repeat(150);
    const res = await post(tenant, "/c/campaigns/preview", {
      purpose: "marketing",
      group_ids: [group],
      message,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.opt_out).toEqual({
      footer: `${EN_HEAD}${"x".repeat(OPT_OUT_TOKEN_LENGTH)}`,
      characters: FOOTER_EN,
      credits: 1,
    });
    expect(data.sample.message).toBe(`${message}${EN_HEAD}${"x".repeat(OPT_OUT_TOKEN_LENGTH)}`);
    expect(data.text).toMatchObject({ parts: 2, length: 150 + FOOTER_EN });
    const off = await post(tenant, "/c/campaigns/preview", {
      purpose: "marketing",
      group_ids: [group],
      message,
      opt_out_link: false,
    });
    expect(off.json().data).toMatchObject({ opt_out: null, credits: 1 });
  });

  it("gives each recipient of a personalised campaign its own link and bills each text", async () => {
    const tenant = await f.freshTenant(1_000);
    const group = await f.group(tenant, [
      { first: "Somchai", phone: "66811000011" },
      { first: "สมศรี", phone: "66811000012" },
    ]);
    const res = await post(tenant, "/c/campaigns", {
      name: "Hello",
      sender: tenant.sender,
      purpose: "marketing",
      group_ids: [group],
      message: `Hi {first_name} ${"a".repeat(90)}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const messages = await messagesOf(res.json().data.id);
    expect(messages).toHaveLength(2);
    const tokens = messages.map((m) => tokenOf(m.text));
    expect(new Set(tokens).size).toBe(2);
    for (const m of messages) {
      expect(m.text).toContain(EN_HEAD);
      expect(m.billedParts).toBe(countSms(m.text ?? "").parts);
    }
    // The Thai name makes its text unicode: more parts than the English one.
    expect(messages.map((m) => m.billedParts)).toEqual([1, 3]);
    expect(res.json().data.credits).toBe(4);
  });

  it("ends every message of a file campaign with the recipient's own link", async () => {
    const tenant = await f.freshTenant(100);
    const form = multipartBody([
      { name: "sender", value: tenant.sender },
      { name: "purpose", value: "marketing" },
      { name: "message", value: "Sale {name}" },
      {
        name: "file",
        filename: "list.csv",
        data: Buffer.from("phone,name\n0811000021,Ann\n0811000022,Bob\n"),
      },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/campaigns/import",
      headers: { ...tenant.headers, ...form.headers, "accept-language": "en" },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const messages = await messagesOf(res.json().data.id);
    expect(messages.map((m) => m.text?.slice(0, -OPT_OUT_TOKEN_LENGTH))).toEqual([
      `Sale Ann${EN_HEAD}`,
      `Sale Bob${EN_HEAD}`,
    ]);
    const [link] = await t.db
      .select()
      .from(schema.optOutLinks)
      .where(eq(schema.optOutLinks.campaignId, res.json().data.id));
    expect(messages.map((m) => tokenOf(m.text))).toEqual(
      [1, 2].map((seq) => `${link?.code}${recipientPart(link?.tokenKey ?? "", seq)}`),
    );
  });
});

describe("the unsubscribe page /u/:token (ADR 93)", () => {
  it("asks first (opening the link adds nothing), then one tap suppresses the number with reason link", async () => {
    const tenant = await f.freshTenant(100);
    const sent = await instant(tenant, "Big sale today");
    const token = tokenOf(sent.message);

    const ask = await page("GET", token);
    expect(ask.statusCode).toBe(200);
    expect(ask.headers["content-type"]).toContain("text/html");
    expect(ask.body).toContain('<html lang="th">');
    expect(ask.body).toContain("ยกเลิกรับข้อความ");
    expect(ask.body).toContain(tenant.sender);
    expect(ask.body).toContain("081•••5678");
    expect(ask.body).not.toContain("0812345678");
    expect(ask.body).not.toContain("<script");
    // A page's policy: its own inline stylesheet applies (the big button), and no script runs.
    const csp = String(ask.headers["content-security-policy"]);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("default-src 'none'");
    expect(ask.body).toContain("<style>");
    expect(await suppressionsOf(tenant)).toEqual([]);

    const done = await page("POST", token, { language: "en-US,en;q=0.9" });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<html lang="en">');
    expect(done.body).toContain("You are unsubscribed");
    expect(await suppressionsOf(tenant)).toEqual([{ msisdn: "66812345678", reason: "link" }]);
    expect(await consentsOf(tenant, "66812345678")).toEqual([{ kind: "opt_out", source: "link" }]);

    const again = await page("POST", token, { query: "?lang=en" });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain("Already unsubscribed");
    expect(await suppressionsOf(tenant)).toHaveLength(1);
    expect(await consentsOf(tenant, "66812345678")).toHaveLength(1);
    const reopened = await page("GET", token);
    expect(reopened.body).toContain("คุณยกเลิกไว้แล้ว");
  });

  it("keeps a STOP reply's reason when the number taps the link too", async () => {
    const tenant = await f.freshTenant(100);
    const sent = await instant(tenant, "Big sale today");
    await t.db
      .insert(schema.suppressions)
      .values({ organizationId: tenant.organizationId, msisdn: "66812345678", reason: "stop_reply" });
    const res = await page("POST", tokenOf(sent.message), { query: "?lang=en" });
    expect(res.body).toContain("Already unsubscribed");
    expect(await suppressionsOf(tenant)).toEqual([{ msisdn: "66812345678", reason: "stop_reply" }]);
  });

  it("suppresses the number only for the organization that sent it", async () => {
    const sender = await f.freshTenant(100);
    const bystander = await f.freshTenant(100);
    await instant(bystander, "Their sale");
    const sent = await instant(sender, "Our sale");
    await page("POST", tokenOf(sent.message));
    expect(await suppressionsOf(sender)).toHaveLength(1);
    expect(await suppressionsOf(bystander)).toEqual([]);
  });

  it("answers a made-up, changed, mistyped or another kind of token with the same translated 404 page", async () => {
    const tenant = await f.freshTenant(100);
    const sent = await instant(tenant, "Big sale today");
    const token = tokenOf(sent.message);
    const code = token.slice(0, 6);
    const part = token.slice(6);
    const flipped = part.endsWith("A") ? `${part.slice(0, -1)}B` : `${part.slice(0, -1)}A`;
    for (const bad of [
      `${code}${flipped}`,
      `zzzzzz${part}`,
      token.slice(0, -1),
      `${token}0`,
      `${code}${part.slice(0, -1)}-`,
    ]) {
      const th = await page("GET", encodeURIComponent(bad));
      expect(th.statusCode, bad).toBe(404);
      expect(th.body).toContain("ลิงก์ไม่ถูกต้อง");
      const en = await page("POST", encodeURIComponent(bad), { language: "en" });
      expect(en.statusCode, bad).toBe(404);
      expect(en.body).toContain("This link does not work");
    }
    expect(await suppressionsOf(tenant)).toEqual([]);
  });

  it("answers a link whose messages are no longer kept as expired (404)", async () => {
    const tenant = await f.freshTenant(100);
    const sent = await instant(tenant, "Big sale today");
    await t.db.delete(schema.messages).where(eq(schema.messages.campaignId, sent.campaign_id));
    const res = await page("GET", tokenOf(sent.message), { language: "en" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("not valid or has expired");
  });
});

describe("the unsubscribe page's rate limit", () => {
  let limited: TestContext;
  beforeAll(async () => {
    // The real limits (no test scale).
    limited = await createTestApp({ env: { PUBLIC_URL: ORIGIN, RATE_LIMIT_SCALE: "1" } });
  });
  afterAll(() => limited?.close());

  it.each(["GET", "POST"] as const)("allows each address 30 %s requests a minute", async (method) => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const res = await limited.app.inject({
        method,
        url: "/u/zzzzzzzzzzzzzz",
        remoteAddress: method === "GET" ? "198.51.100.7" : "198.51.100.9",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const elsewhere = await limited.app.inject({
      method: "GET",
      url: "/u/zzzzzzzzzzzzzz",
      remoteAddress: `198.51.100.${method === "GET" ? 8 : 10}`,
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
