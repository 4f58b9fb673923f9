import { queryRows } from "@sms/db";
import { countSms } from "@sms/domain";
import { sql } from "drizzle-orm";
import { connect, PDU, type Pdu, type Session } from "smpp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorGateway } from "../../gateway/simulator.ts";
import { sendFixtures } from "../../test/sends.ts";
import { createTenant, OWN_SENDER, ownSender, signIn, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";
import { balanceOf } from "../credits/index.ts";
import { createReportListener } from "../engine/index.ts";
import { sendDeps } from "../sending/index.ts";
import { SMPP_STATUS as S, SmppAccessServer } from "./index.ts";

/**
 * The customers' SMPP server end to end (issue 27 point 5): the npm smpp client binds, submits and
 * receives receipts over TCP against the server on a random port, on PGlite and PostgreSQL.
 */

let t: TestContext;
let server: SmppAccessServer;
let port: number;
let staff: { authorization: string };
const sessions: Session[] = [];

type SmppTenant = TestTenant & { systemId: string; password: string };

beforeAll(async () => {
  t = await createTestApp({ env: { SIMULATOR_TPS: "100000", SIMULATOR_RECEIPT_DELAY_MS: "0" } });
  (t.app.smsGateway as SimulatorGateway).listen(createReportListener(t.db, t.app.log));
  server = new SmppAccessServer(
    { db: t.app.db, pepper: t.app.config.apiKeyPepper, send: sendDeps(t.app), log: t.app.log },
    {
      port: 0,
      host: "127.0.0.1",
      dedupeWindowMs: 10 * 60_000,
      receiptRetentionMs: 3_600_000,
      bindFailureDelayMs: 0,
      receiptPollMs: 50,
      reassemblyTimeoutMs: 2_000,
      standingCheckMs: 100,
      bindTimeoutMs: 1_500,
    },
  );
  port = await server.start();
  staff = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
});

afterAll(async () => {
  for (const s of sessions) s.destroy();
  await server.stop();
  await t.close();
});

async function smppTenant(credits: number): Promise<SmppTenant> {
  const tenant = await createTenant(t, { name: "SMPP customer" });
  if (credits > 0) await sendFixtures(t).fund(tenant, credits);
  await ownSender(t, tenant);
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${tenant.organizationId}/smpp-account`,
    headers: tenant.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { system_id: string; password: string };
  return { ...tenant, systemId: data.system_id, password: data.password };
}

function open(to = port): Promise<Session> {
  return new Promise((resolve, reject) => {
    const session = connect({ host: "127.0.0.1", port: to }, () => resolve(session));
    session.on("error", reject);
    sessions.push(session);
  });
}

function request(session: Session, command: string, fields: Record<string, unknown>): Promise<Pdu> {
  return new Promise((resolve) => session.send(new PDU(command, fields), resolve));
}

/** A bound session; `before` runs before the bind (a receipt may follow the bind_resp in its packet). */
async function bound(
  tenant: SmppTenant,
  command = "bind_transceiver",
  before?: (session: Session) => void,
): Promise<Session> {
  const session = await open();
  before?.(session);
  const resp = await request(session, command, { system_id: tenant.systemId, password: tenant.password });
  expect(resp.command_status).toBe(S.ESME_ROK);
  return session;
}

const ucs2 = (text: string) => Buffer.from(text, "utf16le").swap16();

function submit(session: Session, fields: Record<string, unknown>): Promise<Pdu> {
  return request(session, "submit_sm", {
    source_addr: OWN_SENDER,
    destination_addr: "0812345678",
    registered_delivery: 1,
    ...fields,
  });
}

/** The parts of a text as an ESME splits it: UDH 8-bit reference, `size` characters a part. */
function parts(text: string, size: number, reference: number, coding: "gsm" | "ucs2") {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks.map((chunk, i) => ({
    esm_class: 0x40,
    data_coding: coding === "ucs2" ? 8 : 0,
    short_message: Buffer.concat([
      Buffer.of(5, 0, 3, reference, chunks.length, i + 1),
      coding === "ucs2" ? ucs2(chunk) : Buffer.from(chunk, "latin1"),
    ]),
  }));
}

async function messagesOf(organizationId: number) {
  return queryRows<{ id: string | number; text: string; credits: number; recipient: string }>(
    t.db,
    sql`select m.id, c.text, m.credits, m.recipient from messages m join campaigns c on c.id = m.campaign_id
         where m.organization_id = ${organizationId} order by m.id`,
  );
}

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Collects deliver_sm and answers each with `status`. */
function receipts(session: Session, status = 0): Pdu[] {
  const got: Pdu[] = [];
  session.on("pdu", (pdu: Pdu) => {
    if (pdu.command !== "deliver_sm") return;
    got.push(pdu);
    session.send(pdu.response({ command_status: status }));
  });
  return got;
}

/** Six submits written in one packet, so the server reads them all before answering any. */
function together(session: Session, one: (i: number) => Promise<Pdu>): Promise<Pdu[]> {
  session.socket.cork();
  const sent = Array.from({ length: 6 }, (_, i) => one(i));
  session.socket.uncork();
  return Promise.all(sent);
}

const receiptText = (pdu: Pdu) => {
  const sm = pdu.short_message as { message?: unknown } | Buffer;
  const raw = Buffer.isBuffer(sm) ? sm : (sm as { message: unknown }).message;
  return Buffer.isBuffer(raw) ? raw.toString("latin1") : String(raw);
};

describe("SMPP server: binds", () => {
  it("binds with the organization's credentials and refuses a wrong password or an unknown system_id", async () => {
    const tenant = await smppTenant(10);
    expect(tenant.systemId).toMatch(/^sp[a-z0-9]{10}$/);
    expect(tenant.password).toHaveLength(8);
    await bound(tenant);
    const wrong = await request(await open(), "bind_transmitter", {
      system_id: tenant.systemId,
      password: "nope1234",
    });
    expect(wrong.command_status).toBe(S.ESME_RINVPASWD);
    const unknown = await request(await open(), "bind_transmitter", { system_id: "spnobody", password: "x" });
    expect(unknown.command_status).toBe(S.ESME_RINVPASWD);
    // An HTTP API key is no SMPP credential.
    const keys = await t.app.inject({
      method: "PUT",
      url: `/api/v1/c/organizations/${tenant.organizationId}/api-key`,
      headers: tenant.headers,
      payload: { kind: "sms" },
    });
    const pair = keys.json().data.issued[0] as { key: string; secret: string };
    const http = await request(await open(), "bind_transmitter", {
      system_id: pair.key,
      password: pair.secret,
    });
    expect(http.command_status).not.toBe(S.ESME_ROK);
  });

  it("refuses a bind from an address outside the organization's IP whitelist", async () => {
    const tenant = await smppTenant(10);
    const added = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/whitelist-ips",
      headers: tenant.headers,
      payload: { name: "office", ip_address: "203.0.113.0/24" },
    });
    expect(added.statusCode, added.body).toBe(201);
    const resp = await request(await open(), "bind_transceiver", {
      system_id: tenant.systemId,
      password: tenant.password,
    });
    expect(resp.command_status).toBe(S.ESME_RBINDFAIL);
    const loopback = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/whitelist-ips",
      headers: tenant.headers,
      payload: { name: "here", ip_address: "127.0.0.1" },
    });
    expect(loopback.statusCode, loopback.body).toBe(201);
    await bound(tenant);
  });

  it("refreshing the credentials stops the old password binding; the page shows the system_id, never the password", async () => {
    const tenant = await smppTenant(10);
    const again = await t.app.inject({
      method: "PUT",
      url: `/api/v1/c/organizations/${tenant.organizationId}/smpp-account`,
      headers: tenant.headers,
    });
    const fresh = again.json().data as { system_id: string; password: string };
    const old = await request(await open(), "bind_transmitter", {
      system_id: tenant.systemId,
      password: tenant.password,
    });
    expect(old.command_status).toBe(S.ESME_RINVPASWD);
    await bound({ ...tenant, ...{ systemId: fresh.system_id, password: fresh.password } });
    const shown = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/organizations/${tenant.organizationId}/smpp-account`,
      headers: tenant.headers,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({
      system_id: fresh.system_id,
      created_at: expect.any(String),
      settings: { window: 10, tps: 50, id_format: "decimal" },
      server: null,
    });
    expect(shown.body).not.toContain(fresh.password);
  });

  it("closes a connection that does not bind in time", async () => {
    const session = await open();
    let closed = false;
    session.socket.on("close", () => {
      closed = true;
    });
    await until(() => closed, "the unbound connection closed", 5_000);
  });

  it("closes the binds of an organization staff suspend, and refuses its next bind", async () => {
    const tenant = await smppTenant(10);
    const session = await bound(tenant);
    let closed = false;
    session.socket.on("close", () => {
      closed = true;
    });
    const suspend = await t.app.inject({
      method: "POST",
      url: `/api/v1/admin/organizations/${tenant.organizationId}/suspension`,
      headers: staff,
      payload: { days: 1, reason: "Suspected misuse" },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    await until(() => closed, "the bind closed");
    const again = await request(await open(), "bind_transceiver", {
      system_id: tenant.systemId,
      password: tenant.password,
    });
    expect(again.command_status).toBe(S.ESME_RBINDFAIL);
  });

  it("answers 404 for another organization's SMPP account, and the staff settings to staff only", async () => {
    const a = await smppTenant(0);
    const b = await createTenant(t);
    for (const method of ["GET", "PUT"] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/v1/c/organizations/${a.organizationId}/smpp-account`,
        headers: b.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    const settings = await t.app.inject({
      method: "PUT",
      url: `/api/v1/admin/organizations/${a.organizationId}/smpp-settings`,
      headers: a.headers,
      payload: { window: 1, tps: 1, id_format: "hex" },
    });
    expect(settings.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/v1/admin/organizations/${a.organizationId}/smpp-settings`,
      headers: { ...staff, "accept-language": "en" },
      payload: { window: 0, tps: 1, id_format: "octal" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("The window must be a whole number from 1 to 1,000.");
    const none = await t.app.inject({
      method: "GET",
      url: "/api/v1/admin/organizations/99999999/smpp-settings",
      headers: staff,
    });
    expect(none.statusCode).toBe(404);
  });
});

describe("SMPP server: submit_sm", () => {
  it("accepts a GSM message and a Thai UCS-2 one like API sends, charged by the spec's rule", async () => {
    const tenant = await smppTenant(100);
    const session = await bound(tenant);
    const gsm = await submit(session, { short_message: Buffer.from("Hello from SMPP", "latin1") });
    expect(gsm.command_status).toBe(S.ESME_ROK);
    expect(gsm.message_id).toMatch(/^\d+$/);
    const thai = "สวัสดีครับ ยืนยันการสั่งซื้อแล้ว";
    const th = await submit(session, { data_coding: 8, short_message: ucs2(thai) });
    expect(th.command_status).toBe(S.ESME_ROK);
    const stored = await messagesOf(tenant.organizationId);
    expect(stored.map((m) => [String(m.id), m.text, m.credits, m.recipient])).toEqual([
      [gsm.message_id, "Hello from SMPP", 1, "66812345678"],
      [th.message_id, thai, 1, "66812345678"],
    ]);
    expect(await balanceOf(t.app.db, tenant.organizationId)).toBe(98);
    // Each exactly-once record names its message (what a resubmission answers and a receipt is
    // queued by), whichever order the batch stored and admitted in (ADR 116).
    const records = await queryRows<{ message_id: string | number | null }>(
      t.db,
      sql`select message_id from smpp_submissions where organization_id = ${tenant.organizationId} order by id`,
    );
    expect(records.map((r) => (r.message_id === null ? null : String(r.message_id)))).toEqual([
      gsm.message_id,
      th.message_id,
    ]);
  });

  it("reassembles a multipart message sent out of order and bills it once by the spec's rule", async () => {
    const tenant = await smppTenant(100);
    const session = await bound(tenant);
    // 300 GSM characters sent by the ESME as 3 parts of 100: the spec's rule makes it 2 (154 a part).
    const text = "A".repeat(100) + "B".repeat(100) + "C".repeat(100);
    expect(countSms(text).parts).toBe(2);
    const [p1, p2, p3] = parts(text, 100, 42, "gsm");
    const answers = await Promise.all([submit(session, p3!), submit(session, p1!), submit(session, p2!)]);
    expect(answers.map((a) => a.command_status)).toEqual([0, 0, 0]);
    expect(new Set(answers.map((a) => a.message_id)).size).toBe(1);
    // Thai in 3 UCS-2 parts of 60: 180 characters are 3 parts of 67.
    const thai = "ก".repeat(60) + "ข".repeat(60) + "ค".repeat(60);
    const thaiParts = parts(thai, 60, 43, "ucs2");
    const thaiAnswers = await Promise.all(thaiParts.reverse().map((p) => submit(session, p)));
    expect(thaiAnswers.map((a) => a.command_status)).toEqual([0, 0, 0]);
    const stored = await messagesOf(tenant.organizationId);
    expect(stored.map((m) => [m.text, m.credits])).toEqual([
      [text, 2],
      [thai, 3],
    ]);
    expect(await balanceOf(t.app.db, tenant.organizationId)).toBe(95);
    // The customer sees them in the portal's reports like API sends: one message each, whole, with
    // its charge, delivered once the receipts come (issue 27 point 5: "see charges and reports").
    await t.jobs.drain();
    const report = async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/v1/c/messages?type=api", headers: tenant.headers })
      ).json().data.entities as {
        id: number;
        message: string;
        credits: number;
        billed_parts: number;
        status: string;
      }[];
    await until(async () => (await report()).every((m) => m.status === "delivered"), "the receipts");
    expect(
      (await report()).map((m) => [String(m.id), m.message, m.billed_parts, m.credits, m.status]),
    ).toEqual([
      [thaiAnswers[0]?.message_id, thai, 3, 3, "delivered"],
      [answers[0]?.message_id, text, 2, 2, "delivered"],
    ]);
    const summary = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/messages/summary",
      headers: tenant.headers,
    });
    expect(summary.json().data).toMatchObject({ total: 2, credits: 5 });
  });

  it("answers a resubmission after a reconnect with the first id, sending and charging once", async () => {
    const tenant = await smppTenant(100);
    const first = await bound(tenant);
    const single = { short_message: Buffer.from("Order 981 shipped", "latin1") };
    const a = await submit(first, single);
    // A multipart message whose first part went out before the bind dropped.
    const text = "x".repeat(150) + "y".repeat(150);
    const split = parts(text, 150, 7, "gsm");
    void submit(first, split[0]!);
    await until(() => server.stats.submits > 0, "the first part");
    first.destroy();
    const second = await bound(tenant);
    const again = await submit(second, single);
    expect(again.command_status).toBe(S.ESME_ROK);
    expect(again.message_id).toBe(a.message_id);
    const whole = await Promise.all(split.map((p) => submit(second, p)));
    expect(whole.map((w) => w.command_status)).toEqual([0, 0]);
    const resent = await Promise.all(split.map((p) => submit(second, p)));
    expect(resent.map((w) => w.message_id)).toEqual(whole.map((w) => w.message_id));
    const stored = await messagesOf(tenant.organizationId);
    expect(stored.map((m) => m.text)).toEqual(["Order 981 shipped", text]);
    expect(await balanceOf(t.app.db, tenant.organizationId)).toBe(100 - 1 - countSms(text).parts);
  });

  it("answers ESME_RTHROTTLED past the organization's TPS or window, set by staff", async () => {
    const tenant = await smppTenant(100);
    const set = await t.app.inject({
      method: "PUT",
      url: `/api/v1/admin/organizations/${tenant.organizationId}/smpp-settings`,
      headers: staff,
      payload: { window: 2, tps: 1000, id_format: "decimal" },
    });
    expect(set.statusCode, set.body).toBe(200);
    const session = await bound(tenant);
    const burst = await together(session, (i) =>
      submit(session, { short_message: Buffer.from(`burst ${i}`, "latin1") }),
    );
    const statuses = burst.map((b) => b.command_status);
    expect(statuses.filter((s) => s === S.ESME_ROK).length).toBe(2);
    expect(statuses.filter((s) => s === S.ESME_RTHROTTLED).length).toBe(4);
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/admin/organizations/${tenant.organizationId}/smpp-settings`,
      headers: staff,
      payload: { window: 100, tps: 2, id_format: "decimal" },
    });
    const rated = await bound(tenant);
    const fast = await together(rated, (i) =>
      submit(rated, { short_message: Buffer.from(`rate ${i}`, "latin1") }),
    );
    expect(fast.filter((b) => b.command_status === S.ESME_RTHROTTLED).length).toBeGreaterThanOrEqual(4);
    // Only what was answered ESME_ROK was charged.
    const ok = [...burst, ...fast].filter((b) => b.command_status === S.ESME_ROK).length;
    expect(await balanceOf(t.app.db, tenant.organizationId)).toBe(100 - ok);
  });

  it("holds the API's SMS-pumping guard: a burst to one prefix is throttled and charges nothing, and a refused message may come again", async () => {
    const tenant = await smppTenant(100);
    const apiSettings = (pumpPrefixMax: number) =>
      t.app.inject({
        method: "PUT",
        url: "/api/v1/c/api-settings",
        headers: tenant.headers,
        payload: {
          otp_language: "th",
          rate_limit_per_second: 50,
          pump_prefix_max: pumpPrefixMax,
          pump_fresh_key_max: 300,
        },
      });
    const limits = await apiSettings(3);
    expect(limits.statusCode, limits.body).toBe(200);
    const session = await bound(tenant);
    // Six numbers of one 7-digit prefix (66 81 23 4…), each its own message.
    const burst = await together(session, (i) =>
      submit(session, {
        destination_addr: `081234${5670 + i}`,
        short_message: Buffer.from("Promo", "latin1"),
      }),
    );
    const statuses = burst.map((b) => b.command_status);
    expect(statuses.filter((s) => s === S.ESME_ROK).length).toBe(3);
    expect(statuses.filter((s) => s === S.ESME_RTHROTTLED).length).toBe(3);
    // Another prefix is still open.
    const other = await submit(session, {
      destination_addr: "0899876543",
      short_message: Buffer.from("Promo", "latin1"),
    });
    expect(other.command_status).toBe(S.ESME_ROK);
    expect((await messagesOf(tenant.organizationId)).length).toBe(4);
    expect(await balanceOf(t.app.db, tenant.organizationId)).toBe(96);
    // A refused message is not "already submitted": once the limit allows, it is accepted as new.
    const refused = statuses.indexOf(S.ESME_RTHROTTLED);
    // A bind reads the limits when it binds (as it does its TPS): the new limit holds on the next one.
    expect((await apiSettings(200)).statusCode).toBe(200);
    const rebound = await bound(tenant);
    const again = await submit(rebound, {
      destination_addr: `081234${5670 + refused}`,
      short_message: Buffer.from("Promo", "latin1"),
    });
    expect(again.command_status).toBe(S.ESME_ROK);
    expect(burst.map((b) => b.message_id)).not.toContain(again.message_id);
    expect(await balanceOf(t.app.db, tenant.organizationId)).toBe(95);
  });

  it("refuses without credits (ESME_RSUBMITFAIL), an unknown sender and a bad number, storing nothing", async () => {
    const tenant = await smppTenant(0);
    const session = await bound(tenant);
    const poor = await submit(session, { short_message: Buffer.from("no credit", "latin1") });
    expect(poor.command_status).toBe(S.ESME_RSUBMITFAIL);
    await sendFixtures(t).fund(tenant, 5);
    const sender = await submit(session, {
      source_addr: "NotMine",
      short_message: Buffer.from("hi", "latin1"),
    });
    expect(sender.command_status).toBe(S.ESME_RINVSRCADR);
    const number = await submit(session, {
      destination_addr: "12",
      short_message: Buffer.from("hi", "latin1"),
    });
    expect(number.command_status).toBe(S.ESME_RINVDSTADR);
    const empty = await submit(session, { short_message: Buffer.alloc(0) });
    expect(empty.command_status).toBe(S.ESME_RINVMSGLEN);
    expect(await messagesOf(tenant.organizationId)).toEqual([]);
    expect(await balanceOf(t.app.db, tenant.organizationId)).toBe(5);
    // A receiver bind may not submit.
    const receiver = await bound(tenant, "bind_receiver");
    expect((await submit(receiver, { short_message: Buffer.from("hi", "latin1") })).command_status).toBe(
      S.ESME_RINVBNDSTS,
    );
  });
});

describe("SMPP server: receipts", () => {
  it("sends the receipt as deliver_sm in the organization's id format, and keeps it until the customer binds", async () => {
    const tenant = await smppTenant(100);
    const set = await t.app.inject({
      method: "PUT",
      url: `/api/v1/admin/organizations/${tenant.organizationId}/smpp-settings`,
      headers: staff,
      payload: { window: 10, tps: 50, id_format: "hex" },
    });
    expect(set.statusCode, set.body).toBe(200);
    // Submitted on a transmitter bind that then goes away: the receipt waits in the outbox.
    const transmitter = await bound(tenant, "bind_transmitter");
    const sent = await submit(transmitter, { short_message: Buffer.from("Your code is 1234", "latin1") });
    expect(sent.command_status).toBe(S.ESME_ROK);
    expect(sent.message_id).toMatch(/^[0-9A-F]+$/);
    const messageId = Number.parseInt(String(sent.message_id), 16);
    transmitter.destroy();
    await t.jobs.drain();
    const waiting = async () =>
      (
        await queryRows<{ n: string | number }>(
          t.db,
          sql`select count(*) as n from smpp_outbox where message_id = ${messageId}`,
        )
      )[0]?.n;
    await until(async () => Number(await waiting()) === 1, "the receipt in the outbox");

    let got: Pdu[] = [];
    await bound(tenant, "bind_receiver", (s) => {
      got = receipts(s);
    });
    await until(() => got.length === 1, "the deliver_sm");
    const pdu = got[0] as Pdu;
    expect(pdu.esm_class).toBe(0x04);
    expect(pdu.source_addr).toBe("0812345678");
    expect(pdu.destination_addr).toBe(OWN_SENDER);
    expect(pdu.receipted_message_id).toBe(sent.message_id);
    expect(receiptText(pdu)).toMatch(
      new RegExp(`^id:${sent.message_id} sub:001 dlvrd:001 .* stat:DELIVRD err:000`),
    );
    await until(async () => Number(await waiting()) === 0, "the acknowledged receipt gone");
  });

  it("delivers the receipt through another process's server when the customer binds there", async () => {
    const other = new SmppAccessServer(
      { db: t.app.db, pepper: t.app.config.apiKeyPepper, send: sendDeps(t.app), log: t.app.log },
      {
        port: 0,
        host: "127.0.0.1",
        dedupeWindowMs: 60_000,
        receiptRetentionMs: 3_600_000,
        receiptPollMs: 50,
      },
    );
    const otherPort = await other.start();
    try {
      const tenant = await smppTenant(10);
      const transmitter = await bound(tenant, "bind_transmitter");
      const sent = await submit(transmitter, { short_message: Buffer.from("Across processes", "latin1") });
      expect(sent.command_status).toBe(S.ESME_ROK);
      const receiver = await open(otherPort);
      const got = receipts(receiver);
      const resp = await request(receiver, "bind_receiver", {
        system_id: tenant.systemId,
        password: tenant.password,
      });
      expect(resp.command_status).toBe(S.ESME_ROK);
      await t.jobs.drain();
      await until(() => got.length === 1, "the deliver_sm on the other server");
      expect(got[0]?.receipted_message_id).toBe(sent.message_id);
      expect(other.stats.receiptsSent).toBe(1);
    } finally {
      await other.stop();
    }
  });

  it("sends a receipt answered with an error again, and none for a message that asked for none", async () => {
    const tenant = await smppTenant(100);
    const first: Pdu[] = [];
    let answered = 0;
    const session = await bound(tenant, "bind_transceiver", (s) => {
      s.on("pdu", (pdu: Pdu) => {
        if (pdu.command !== "deliver_sm") return;
        first.push(pdu);
        // The first delivery is refused (a busy ESME); the next one accepted.
        s.send(pdu.response({ command_status: answered++ === 0 ? 0x64 : 0 }));
      });
    });
    const asked = await submit(session, { short_message: Buffer.from("with receipt", "latin1") });
    const silent = await submit(session, {
      registered_delivery: 0,
      short_message: Buffer.from("without receipt", "latin1"),
    });
    expect([asked.command_status, silent.command_status]).toEqual([0, 0]);
    await t.jobs.drain();
    await until(() => first.length === 2, "the receipt sent again", 20_000);
    expect(first.map((p) => p.receipted_message_id)).toEqual([asked.message_id, asked.message_id]);
    const left = async () =>
      (
        await queryRows<{ n: string | number }>(
          t.db,
          sql`select count(*) as n from smpp_outbox where organization_id = ${tenant.organizationId}`,
        )
      )[0]?.n;
    await until(async () => Number(await left()) === 0, "nothing left");
  });
});
