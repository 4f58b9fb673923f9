import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pgArray, queryRows } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { WEBHOOK_VERIFY_SAMPLES } from "@sms/domain/public-api-samples/webhook-verify";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  createTenant,
  expectCrossTenant404,
  signIn,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { claimDue, deliverDueWebhooks, type WebhookDeps } from "./deliver-webhooks.ts";
import { createHttpSender, denyList, isPrivateAddress, ownAddresses } from "./http-sender.ts";
import { signWebhook, verifyWebhook } from "./signature.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;
const sealKey = "test-pepper-test-pepper-test-pepper-0123";

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t);
  other = await createTenant(t);
});
afterAll(async () => {
  await t.close();
});
// Each test's deliveries stay its own: nothing left due for the next test's poller.
afterEach(async () => {
  await t.db.execute(sql`update webhook_deliveries set status = 'failed' where status = 'pending'`);
});

// --- a receiver on 127.0.0.1 ----------------------------------------------------------------

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

async function receiver(
  answer: (req: Received, n: number) => number | "hang",
): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const r = { headers: req.headers, body };
      received.push(r);
      const status = answer(r, received.length);
      if (status === "hang") return;
      res.statusCode = status;
      res.end("ignored");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- fixtures -----------------------------------------------------------------------------

interface ApiSend {
  campaignId: number;
  messageId: number;
  createdAt: Date;
}

async function seedApiSend(
  tenant: TestTenant,
  callbackUrl: string | null,
  tag = "order-1",
): Promise<ApiSend> {
  const createdAt = new Date();
  return t.db.transaction(async (tx) => {
    const [campaign] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into campaigns (organization_id, user_id, kind, purpose, name, sender_name, text, recipients, credits,
                                 chunk_size, accepted_at, callback_url)
          values (${tenant.organizationId}, ${tenant.userId}, 'api', 'general', ${tag}, 'SMSPortal', 'Your code', 1, 1,
                  1000, ${createdAt.toISOString()}::timestamptz, ${callbackUrl})
          returning id`,
    );
    const campaignId = Number(campaign?.id);
    const [message] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, billed_parts, credits)
          values (${createdAt.toISOString()}::timestamptz, ${tenant.organizationId}, ${campaignId}, 1, 'api',
                  'SMSPortal', '66812340000', 1, 1)
          returning id`,
    );
    return { campaignId, messageId: Number(message?.id), createdAt };
  });
}

/** A pending delivery as applyChanges queues it, created and due at the given times. */
async function insertDelivery(
  tenant: TestTenant,
  send: ApiSend,
  url: string,
  times: { createdAt: Date; dueAt?: Date; status?: string },
): Promise<number> {
  const payload = {
    event: "message.status",
    message_id: String(send.messageId),
    number: "66812340000",
    status: "delivered",
    state: 3,
    code: "000",
  };
  const [row] = await queryRows<{ id: string | number }>(
    t.db,
    sql`insert into webhook_deliveries (organization_id, campaign_id, message_id, message_created_at, url, event,
                                        payload, status, next_attempt_at, created_at)
        values (${tenant.organizationId}, ${send.campaignId}, ${send.messageId}, ${send.createdAt.toISOString()}::timestamptz,
                ${url}, 'delivered', ${JSON.stringify(payload)}::jsonb, ${times.status ?? "pending"},
                ${(times.dueAt ?? times.createdAt).toISOString()}::timestamptz, ${times.createdAt.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row?.id);
}

async function deliveryRow(id: number) {
  const [row] = await queryRows<{ status: string; attempts: number; next_attempt_at: Date | string }>(
    t.db,
    sql`select status, attempts, next_attempt_at from webhook_deliveries where id = ${id}`,
  );
  return { ...row, next_attempt_at: new Date(row?.next_attempt_at ?? 0) };
}

async function attemptsOf(id: number) {
  return queryRows<{
    http_status: number | null;
    error: string | null;
    manual: boolean;
    attempted_at: string;
  }>(
    t.db,
    sql`select http_status, error, manual, attempted_at from webhook_attempts where delivery_id = ${id} order by id`,
  );
}

function depsAt(clock: { now: Date }, send = createHttpSender({ allowPrivateAddresses: true })): WebhookDeps {
  return { db: t.db, sealKey, send, now: () => clock.now, random: () => 0.5 };
}

async function secretOf(tenant: TestTenant): Promise<string> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/v1/c/api-webhook-secret",
    headers: tenant.headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { secret: string } }).data.secret;
}

// --- tests --------------------------------------------------------------------------------

describe("signature", () => {
  it("is the documented HMAC-SHA256 of '<timestamp>.<raw body>', and a tampered body or old timestamp fails", () => {
    const secret = "whsec_test";
    const body = '{"message_id":"1","status":"delivered"}';
    const now = new Date("2026-11-25T10:00:00Z");
    const ts = Math.floor(now.getTime() / 1000);
    // As every sample in docs/webhooks.md computes it.
    const expected = `v1=${createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex")}`;
    expect(signWebhook(secret, ts, body)).toBe(expected);
    for (const sample of Object.values(WEBHOOK_VERIFY_SAMPLES)) {
      expect(sample).toMatch(/X-Webhook-Timestamp|x-webhook-timestamp|HTTP_X_WEBHOOK_TIMESTAMP/i);
      expect(sample).toMatch(/300/);
    }
    const headers = { timestamp: String(ts), signature: expected };
    expect(verifyWebhook(secret, headers, body, now)).toBe(true);
    expect(verifyWebhook(secret, headers, body.replace("delivered", "failed"), now)).toBe(false);
    expect(verifyWebhook("whsec_other", headers, body, now)).toBe(false);
    expect(verifyWebhook(secret, headers, body, new Date(now.getTime() + 301_000))).toBe(false);
    // An old timestamp re-signed by an attacker without the secret cannot match either.
    expect(verifyWebhook(secret, { timestamp: String(ts + 1), signature: expected }, body, now)).toBe(false);
  });
});

describe("sending", () => {
  it("POSTs the signed payload; a receiver failing twice (500, then no answer) gets the third attempt at the backed-off times", async () => {
    const rx = await receiver((_r, n) => (n === 1 ? 500 : n === 2 ? "hang" : 204));
    const send = await seedApiSend(owner, rx.url);
    const t0 = new Date(Date.now() - 1000);
    const id = await insertDelivery(owner, send, rx.url, { createdAt: t0 });
    const clock = { now: t0 };
    const deps = { ...depsAt(clock, createHttpSender({ allowPrivateAddresses: true, timeoutMs: 300 })) };
    try {
      expect(await deliverDueWebhooks(deps)).toBe(1);
      expect(await deliveryRow(id)).toMatchObject({ status: "pending", attempts: 1 });
      // 30 s × 2^0 (random 0.5: no jitter).
      expect((await deliveryRow(id)).next_attempt_at.getTime()).toBe(t0.getTime() + 30_000);

      clock.now = new Date(t0.getTime() + 29_000);
      expect(await deliverDueWebhooks(deps)).toBe(0);
      clock.now = new Date(t0.getTime() + 30_000);
      expect(await deliverDueWebhooks(deps)).toBe(1);
      // 30 s × 2^1 after the second attempt.
      expect((await deliveryRow(id)).next_attempt_at.getTime()).toBe(t0.getTime() + 90_000);

      clock.now = new Date(t0.getTime() + 89_000);
      expect(await deliverDueWebhooks(deps)).toBe(0);
      clock.now = new Date(t0.getTime() + 90_000);
      expect(await deliverDueWebhooks(deps)).toBe(1);

      expect(await deliveryRow(id)).toMatchObject({ status: "delivered", attempts: 3 });
      const attempts = await attemptsOf(id);
      expect(attempts.map((a) => [a.http_status, a.error, a.manual])).toEqual([
        [500, "webhooks.error.http_status", false],
        [null, "webhooks.error.timeout", false],
        [204, null, false],
      ]);
      expect(attempts.map((a) => new Date(a.attempted_at).getTime())).toEqual([
        t0.getTime(),
        t0.getTime() + 30_000,
        t0.getTime() + 90_000,
      ]);

      // What arrived verifies with the organization's secret, at the time it was sent.
      const secret = await secretOf(owner);
      const last = rx.received[2];
      expect(last?.headers["content-type"]).toBe("application/json");
      expect(last?.headers["x-webhook-id"]).toBe(String(id));
      expect(JSON.parse(last?.body ?? "{}")).toMatchObject({ message_id: String(send.messageId) });
      const headers = {
        timestamp: String(last?.headers["x-webhook-timestamp"]),
        signature: String(last?.headers["x-webhook-signature"]),
      };
      expect(headers.timestamp).toBe(String(Math.floor((t0.getTime() + 90_000) / 1000)));
      expect(verifyWebhook(secret, headers, last?.body ?? "", clock.now)).toBe(true);
    } finally {
      await rx.close();
    }
  });

  it("records a refused connection and gives up 24 hours after the status change", async () => {
    const rx = await receiver(() => 200);
    const deadUrl = rx.url;
    await rx.close();
    const send = await seedApiSend(owner, deadUrl);
    const now = new Date();
    const id = await insertDelivery(owner, send, deadUrl, {
      createdAt: new Date(now.getTime() - 24 * 3600_000 - 1000),
      dueAt: new Date(now.getTime() - 1000),
    });
    const clock = { now };
    await deliverDueWebhooks(depsAt(clock));
    expect(await deliveryRow(id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await attemptsOf(id)).map((a) => [a.http_status, a.error])).toEqual([
      [null, "webhooks.error.refused"],
    ]);
  });

  it("never retries later than the end of the 24-hour window", async () => {
    const rx = await receiver(() => 503);
    try {
      const send = await seedApiSend(owner, rx.url);
      const now = new Date();
      const createdAt = new Date(now.getTime() - 24 * 3600_000 + 10_000);
      const id = await insertDelivery(owner, send, rx.url, { createdAt, dueAt: now });
      await queryRows(t.db, sql`update webhook_deliveries set attempts = 9 where id = ${id}`);
      await deliverDueWebhooks(depsAt({ now }));
      expect(await deliveryRow(id)).toMatchObject({ status: "pending", attempts: 10 });
      expect((await deliveryRow(id)).next_attempt_at.getTime()).toBe(createdAt.getTime() + 24 * 3600_000);
    } finally {
      await rx.close();
    }
  });

  it("a claim is a lease: a poller that dies mid-POST leaves the delivery due again after the lease", async () => {
    const send = await seedApiSend(owner, "https://hooks.example.com/x");
    const now = new Date();
    const id = await insertDelivery(owner, send, "https://hooks.example.com/x", { createdAt: now });
    const claimed = await claimDue(t.db, now, 100, 60_000);
    expect(claimed.map((c) => c.id)).toContain(id);
    // It "crashed" here: nothing recorded. Another poller does not take it during the lease…
    expect(
      (await claimDue(t.db, new Date(now.getTime() + 59_000), 100, 60_000)).map((c) => c.id),
    ).not.toContain(id);
    // …but does after it.
    expect((await claimDue(t.db, new Date(now.getTime() + 60_000), 100, 60_000)).map((c) => c.id)).toContain(
      id,
    );
  });

  it("two pollers running at once never POST the same delivery twice", async () => {
    const rx = await receiver(() => 200);
    try {
      const send = await seedApiSend(owner, rx.url);
      const now = new Date();
      const ids: number[] = [];
      for (let i = 0; i < 40; i++) ids.push(await insertDelivery(owner, send, rx.url, { createdAt: now }));
      const clock = { now };
      const poll = async (batchSize: number) => {
        let total = 0;
        for (;;) {
          const n = await deliverDueWebhooks({ ...depsAt(clock), batchSize, concurrency: 4 });
          total += n;
          if (n === 0) return total;
        }
      };
      const [a, b] = await Promise.all([poll(7), poll(5)]);
      expect((a ?? 0) + (b ?? 0)).toBe(40);
      const posted = rx.received.map((r) => Number(r.headers["x-webhook-id"]));
      expect(posted.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      const rows = await queryRows<{ n: string | number }>(
        t.db,
        sql`select count(*) as n from webhook_deliveries where id = any(${pgArray(ids)}::bigint[]) and status = 'delivered' and attempts = 1`,
      );
      expect(Number(rows[0]?.n)).toBe(40);
    } finally {
      await rx.close();
    }
  });

  it("never POSTs unsigned: a secret sealed under another key fails the attempt until it is replaced", async () => {
    const rx = await receiver(() => 200);
    try {
      const tenant = await createTenant(t);
      await t.db.execute(
        sql`insert into api_settings (organization_id, webhook_secret_sealed) values (${tenant.organizationId}, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')`,
      );
      const send = await seedApiSend(tenant, rx.url);
      const now = new Date();
      const id = await insertDelivery(tenant, send, rx.url, { createdAt: now });
      await deliverDueWebhooks(depsAt({ now }));
      expect(rx.received).toHaveLength(0);
      expect((await attemptsOf(id)).map((a) => a.error)).toEqual(["webhooks.error.secret_unavailable"]);
      expect(await deliveryRow(id)).toMatchObject({ status: "pending", attempts: 1 });
      // Asking for the secret replaces the unreadable one; the next attempt is signed with it.
      const secret = await secretOf(tenant);
      expect(secret).toMatch(/^whsec_/);
      await deliverDueWebhooks(depsAt({ now: new Date(now.getTime() + 30_000) }));
      expect(rx.received).toHaveLength(1);
      const r = rx.received[0];
      const headers = {
        timestamp: String(r?.headers["x-webhook-timestamp"]),
        signature: String(r?.headers["x-webhook-signature"]),
      };
      expect(verifyWebhook(secret, headers, r?.body ?? "", new Date(now.getTime() + 30_000))).toBe(true);
    } finally {
      await rx.close();
    }
  });

  it("refuses loopback and private destinations when they are not allowed (production)", async () => {
    const rx = await receiver(() => 200);
    try {
      const strict = createHttpSender({ allowPrivateAddresses: false });
      const port = new URL(rx.url).port;
      for (const url of [
        rx.url,
        `http://localhost:${port}/hook`,
        "http://[::1]/",
        "http://169.254.169.254/latest",
      ]) {
        expect(await strict({ url, headers: {}, body: "{}" }), url).toEqual({
          httpStatus: null,
          error: "webhooks.error.blocked_address",
        });
      }
      expect(await strict({ url: "ftp://example.com/", headers: {}, body: "{}" })).toMatchObject({
        error: "webhooks.error.invalid_url",
      });
      expect(rx.received).toHaveLength(0);
      expect(isPrivateAddress("10.1.2.3")).toBe(true);
      expect(isPrivateAddress("::ffff:192.168.1.1")).toBe(true);
      expect(isPrivateAddress("fd00::1")).toBe(true);
      expect(isPrivateAddress("8.8.8.8")).toBe(false);
      // Redirects are not followed: a 3xx is a failed attempt.
      const redirecting = await receiver(() => 302);
      const lax = createHttpSender({ allowPrivateAddresses: true });
      expect(await lax({ url: redirecting.url, headers: {}, body: "{}" })).toEqual({
        httpStatus: 302,
        error: null,
      });
      await redirecting.close();
    } finally {
      await rx.close();
    }
  });
});

describe("destinations refused (ADR 34)", () => {
  const post = (send: ReturnType<typeof createHttpSender>, url: string) =>
    send({ url, headers: {}, body: "{}" });
  const blocked = { httpStatus: null, error: "webhooks.error.blocked_address" };

  it("refuses the documentation ranges, 6to4 and site-local addresses in production", async () => {
    const strict = createHttpSender({ allowPrivateAddresses: false, ownAddresses: [] });
    for (const address of [
      "192.0.2.2",
      "198.51.100.1",
      "203.0.113.7",
      "::ffff:192.0.2.2",
      "2002:c000:202::1",
      "fec0::1",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const url of [
      "http://192.0.2.2:39519/p13",
      "http://198.51.100.1/",
      "http://203.0.113.7/",
      "http://[2002:7f00:1::]/",
      "http://[fec0::1]/",
      // An IPv4-mapped address, which URLs write in hex (::ffff:c000:202).
      "http://[::ffff:192.0.2.2]/",
      "http://[::ffff:127.0.0.1]/",
    ]) {
      expect(await post(strict, url), url).toEqual(blocked);
    }
    expect(isPrivateAddress("8.8.8.8")).toBe(false);
    expect(isPrivateAddress("2606:4700::1111")).toBe(false);
  });

  it("refuses the host's own interface addresses in production, whatever range they are in", async () => {
    expect(ownAddresses()).toContain("127.0.0.1");
    const strict = createHttpSender({
      allowPrivateAddresses: false,
      ownAddresses: ["8.8.4.4", "2606:4700::64"],
    });
    expect(await post(strict, "http://8.8.4.4:5432/")).toEqual(blocked);
    expect(await post(strict, "http://[2606:4700::64]/")).toEqual(blocked);
    expect(await post(strict, "http://[::ffff:8.8.4.4]/")).toEqual(blocked);
  });

  it("refuses the operator's deny list even where private addresses are allowed, by address and by name", async () => {
    const rx = await receiver(() => 200);
    try {
      const port = new URL(rx.url).port;
      const lax = createHttpSender({ allowPrivateAddresses: true, denyCidrs: ["127.0.0.0/8", "::1/128"] });
      expect(await post(lax, rx.url)).toEqual(blocked);
      expect(await post(lax, `http://localhost:${port}/hook`)).toEqual(blocked);
      expect(rx.received).toHaveLength(0);
      // Without the list, the same receiver is reached.
      const open = createHttpSender({ allowPrivateAddresses: true });
      expect(await post(open, rx.url)).toEqual({ httpStatus: 200, error: null });
      expect(() => denyList(["not-an-address"])).toThrow(/not an address or CIDR/);
      expect(() => denyList(["10.0.0.0/40"])).toThrow(/not an address or CIDR/);
    } finally {
      await rx.close();
    }
  });
});

describe("a member's resend", () => {
  it("keeps to WEBHOOK_DENY_CIDRS too", async () => {
    const strictApp = await createTestApp({ env: { WEBHOOK_DENY_CIDRS: "127.0.0.0/8" } });
    const rx = await receiver(() => 200);
    try {
      const tenant = await createTenant(strictApp);
      const createdAt = new Date();
      const [campaign] = await queryRows<{ id: unknown }>(
        strictApp.db,
        sql`insert into campaigns (organization_id, user_id, kind, purpose, name, sender_name, text, recipients, credits,
                                   chunk_size, accepted_at, callback_url)
            values (${tenant.organizationId}, ${tenant.userId}, 'api', 'general', 'deny', 'SMSPortal', 'x', 1, 1,
                    1000, ${createdAt.toISOString()}::timestamptz, ${rx.url})
            returning id`,
      );
      const [delivery] = await queryRows<{ id: unknown }>(
        strictApp.db,
        sql`insert into webhook_deliveries (organization_id, campaign_id, message_id, message_created_at, url, event,
                                            payload, status)
            values (${tenant.organizationId}, ${Number(campaign?.id)}, 1, ${createdAt.toISOString()}::timestamptz,
                    ${rx.url}, 'sent', '{}'::jsonb, 'failed')
            returning id`,
      );
      const res = await strictApp.app.inject({
        method: "POST",
        url: `/api/v1/c/webhook-deliveries/${Number(delivery?.id)}/resend`,
        headers: tenant.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.attempts.map((a: { error: string }) => a.error)).toEqual([
        "webhooks.error.blocked_address",
      ]);
      expect(rx.received).toHaveLength(0);
    } finally {
      await rx.close();
      await strictApp.close();
    }
  });
});

describe("portal endpoints", () => {
  it("lists a message's deliveries with their attempts, and resends a failed one by hand", async () => {
    let answer = 500;
    const rx = await receiver(() => answer);
    try {
      const send = await seedApiSend(owner, rx.url);
      const created = new Date(Date.now() - 25 * 3600_000);
      const id = await insertDelivery(owner, send, rx.url, {
        createdAt: created,
        dueAt: new Date(Date.now() - 1000),
      });
      await deliverDueWebhooks(depsAt({ now: new Date() }));
      expect(await deliveryRow(id)).toMatchObject({ status: "failed", attempts: 1 });

      const list = await t.app.inject({
        method: "GET",
        url: `/api/v1/c/webhook-deliveries?message_id=${send.messageId}`,
        headers: { ...owner.headers, "accept-language": "en" },
      });
      expect(list.statusCode).toBe(200);
      const page = list.json() as { data: { entities: Record<string, unknown>[]; page_information: object } };
      expect(page.data.entities).toHaveLength(1);
      expect(page.data.entities[0]).toMatchObject({
        id,
        message_id: String(send.messageId),
        campaign_id: send.campaignId,
        status: "failed",
        event: "delivered",
        attempt_count: 1,
        next_attempt_at: null,
        last_http_status: 500,
        attempts: [
          {
            http_status: 500,
            error: "webhooks.error.http_status",
            error_message: "The receiver answered HTTP 500 (a 2xx is needed).",
            manual: false,
          },
        ],
      });

      answer = 200;
      const resent = await t.app.inject({
        method: "POST",
        url: `/api/v1/c/webhook-deliveries/${id}/resend`,
        headers: owner.headers,
      });
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toMatchObject({
        data: {
          id,
          status: "delivered",
          attempt_count: 2,
          attempts: [
            { http_status: 500, manual: false },
            { http_status: 200, manual: true, error: null },
          ],
        },
      });
      expect(rx.received).toHaveLength(2);

      const byCampaign = await t.app.inject({
        method: "GET",
        url: `/api/v1/c/webhook-deliveries?campaign_id=${send.campaignId}`,
        headers: owner.headers,
      });
      expect((byCampaign.json() as { data: { entities: unknown[] } }).data.entities).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it("answers an API message's detail with its send's tag and callback_url", async () => {
    const send = await seedApiSend(owner, "https://hooks.example.com/detail", "invoice-7");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/api-messages/${send.messageId}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        id: String(send.messageId),
        campaign_id: send.campaignId,
        sender: "SMSPortal",
        recipient: "66812340000",
        text: "Your code",
        credits: 1,
        status: "queued",
        tag: "invoice-7",
        callback_url: "https://hooks.example.com/detail",
        submitted_at: null,
      },
    });
  });

  it("answers 404 for another organization's deliveries, messages and campaigns", async () => {
    const send = await seedApiSend(owner, "https://hooks.example.com/private");
    const id = await insertDelivery(owner, send, "https://hooks.example.com/private", {
      createdAt: new Date(),
      status: "failed",
    });
    await expectCrossTenant404(t, other, [
      { method: "POST", url: `/api/v1/c/webhook-deliveries/${id}/resend` },
      { method: "GET", url: `/api/v1/c/webhook-deliveries?message_id=${send.messageId}` },
      { method: "GET", url: `/api/v1/c/webhook-deliveries?campaign_id=${send.campaignId}` },
      { method: "GET", url: `/api/v1/c/api-messages/${send.messageId}` },
    ]);
    // Nothing was sent or changed by the other organization's resend.
    expect(await deliveryRow(id)).toMatchObject({ status: "failed", attempts: 0 });
  });

  it("shows a member with only the own-reports right the webhooks of its own sends only", async () => {
    const member = await createTenant(t);
    await addMember(t, owner.organizationId, member.userId, MEMBER_ROLE.member);
    await t.db.execute(
      sql`update users set default_organization_id = ${owner.organizationId} where id = ${member.userId}`,
    );
    const headers = { authorization: `Bearer ${await signIn(t, member.email, member.password)}` };
    const send = await seedApiSend(owner, "https://hooks.example.com/owner");
    await insertDelivery(owner, send, "https://hooks.example.com/owner", {
      createdAt: new Date(),
      status: "failed",
    });
    const mine = await seedApiSend({ ...owner, userId: member.userId }, "https://hooks.example.com/member");
    const myDelivery = await insertDelivery(owner, mine, "https://hooks.example.com/member", {
      createdAt: new Date(),
      status: "failed",
    });

    const list = await t.app.inject({ method: "GET", url: "/api/v1/c/webhook-deliveries", headers });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: { entities: { id: number }[] } }).data.entities.map((e) => e.id)).toEqual([
      myDelivery,
    ]);
    await expectCrossTenant404(t, { headers }, [
      { method: "GET", url: `/api/v1/c/webhook-deliveries?message_id=${send.messageId}` },
      { method: "GET", url: `/api/v1/c/api-messages/${send.messageId}` },
    ]);
    const own = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/api-messages/${mine.messageId}`,
      headers,
    });
    expect(own.statusCode).toBe(200);
    // Resending and the secret are the API-key manager's (the owner's), not a member's.
    const resend = await t.app.inject({
      method: "POST",
      url: `/api/v1/c/webhook-deliveries/${myDelivery}/resend`,
      headers,
    });
    expect(resend.statusCode).toBe(403);
  });

  it("creates the signing secret once, and a rotation makes old signatures fail", async () => {
    const tenant = await createTenant(t);
    const first = await secretOf(tenant);
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await secretOf(tenant)).toBe(first);

    const rotated = await t.app.inject({
      method: "PUT",
      url: "/api/v1/c/api-webhook-secret",
      headers: tenant.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const second = (rotated.json() as { data: { secret: string } }).data.secret;
    expect(second).not.toBe(first);
    expect(await secretOf(tenant)).toBe(second);

    const now = new Date();
    const body = '{"message_id":"1"}';
    const ts = Math.floor(now.getTime() / 1000);
    const oldSignature = { timestamp: String(ts), signature: signWebhook(first, ts, body) };
    expect(verifyWebhook(second, oldSignature, body, now)).toBe(false);
    expect(
      verifyWebhook(second, { ...oldSignature, signature: signWebhook(second, ts, body) }, body, now),
    ).toBe(true);

    // The secret is stored sealed, never in clear.
    const [row] = await queryRows<{ sealed: string }>(
      t.db,
      sql`select webhook_secret_sealed as sealed from api_settings where organization_id = ${tenant.organizationId}`,
    );
    expect(row?.sealed).toBeTruthy();
    expect(row?.sealed).not.toContain(second.slice(6));
  });
});
