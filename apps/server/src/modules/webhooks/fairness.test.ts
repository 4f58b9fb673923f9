import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { queryRows } from "@sms/db";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorGateway } from "../../gateway/simulator.ts";
import { issueSmsKey } from "../../test/api-keys.ts";
import { type SendTenant, sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { createReportListener } from "../engine/index.ts";
import { claimDue, DeliveryPool, startWebhookDelivery } from "./deliver-webhooks.ts";
import { HostBreakers } from "./host-breakers.ts";
import { createHttpSender } from "./http-sender.ts";

/**
 * S4-4 (issue 23 point 5, ADR 34): one organization's dead callback_url must not delay another's
 * webhooks. Real local receivers, the real sender and the real sending loop.
 */

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
const servers: Server[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { SIMULATOR_TPS: "100000", SIMULATOR_RECEIPT_DELAY_MS: "0" } });
  (t.app.smsGateway as SimulatorGateway).listen(createReportListener(t.db, t.app.log));
  f = sendFixtures(t);
});
// Each test's deliveries stay its own: nothing left due for the next test's claims.
afterEach(async () => {
  await t.db.execute(sql`update webhook_deliveries set status = 'failed' where status = 'pending'`);
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await t.close();
});

/** A receiver on 127.0.0.1: `hang` accepts every POST and never answers. */
async function receiver(mode: "answer" | "hang") {
  const arrived: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      arrived.push(Date.now());
      if (mode === "answer") res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, arrived };
}

/** A port nothing listens on: every connection is refused. */
async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

/** The key's SMS-pumping guard is not what this test is about: a customer who raised it. */
async function apiKey(tenant: SendTenant): Promise<string> {
  return (await issueSmsKey(t, tenant, { liftLimits: true })).authorization;
}

async function sendApi(tenant: SendTenant, auth: string, numbers: string[], callbackUrl: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v2/sms",
    headers: { authorization: auth },
    payload: {
      msisdn: numbers.join(","),
      message: "Your parcel is on its way",
      sender: tenant.sender,
      callback_url: callbackUrl,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function pendingDeliveries(organizationId: number): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    t.db,
    sql`select count(*) as n from webhook_deliveries where organization_id = ${organizationId}`,
  );
  return Number(row?.n ?? 0);
}

async function waitFor(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** n numbers ending in `tail`, spread over prefixes (the API's SMS-pumping guard counts per prefix). */
const numbers = (tail: string, n: number) =>
  Array.from({ length: n }, (_, i) => `081${String(i).padStart(3, "0")}${tail}`);

describe("fair delivery webhooks", () => {
  it("delivers org B's webhook within 5 s while org A's 1,000 numbers go to a receiver that never answers, and org C's to one that refuses", async () => {
    const dead = await receiver("hang");
    const refused = await refusingUrl();
    const good = await receiver("answer");
    const a = await f.freshTenant(5_000);
    const c = await f.freshTenant(5_000);
    const b = await f.freshTenant(100);
    const [authA, authB, authC] = [await apiKey(a), await apiKey(b), await apiKey(c)];

    await sendApi(a, authA, numbers("1234", 1_000), dead.url);
    await sendApi(c, authC, numbers("1235", 500), refused);
    await t.jobs.drain();
    await waitFor(
      async () => (await pendingDeliveries(a.organizationId)) >= 1_000,
      60_000,
      "A's webhooks queued",
    );

    const stop = startWebhookDelivery(
      {
        db: t.db,
        sealKey: t.app.config.apiKeyPepper,
        send: createHttpSender({ allowPrivateAddresses: true }),
        log: t.app.log,
      },
      100,
    );
    try {
      // A's receiver is holding POSTs open: the backlog is in the way.
      await waitFor(() => dead.arrived.length >= 10, 20_000, "A's POSTs to hang");
      const sentAt = Date.now();
      await sendApi(b, authB, ["0812999001"], good.url);
      await t.jobs.drain();
      await waitFor(() => good.arrived.length >= 1, 5_000, "B's webhook");
      const took = (good.arrived[0] ?? Number.POSITIVE_INFINITY) - sentAt;
      expect(took).toBeLessThan(5_000);
      // A's share stayed its own: never more of its POSTs open at once than one organization's share.
      expect(dead.arrived.length).toBeLessThanOrEqual(16 * 3);
    } finally {
      await stop();
    }
  }, 120_000);
});

describe("the fair claim", () => {
  it("gives every organization a turn, first attempts before retries, and no host more than its share", async () => {
    const now = new Date();
    const a = await f.freshTenant(0);
    const b = await f.freshTenant(0);
    const insert = async (tenant: SendTenant, url: string, n: number, attempts: number) => {
      const [row] = await queryRows<{ ids: unknown }>(
        t.db,
        sql`with ins as (
              insert into webhook_deliveries (organization_id, campaign_id, message_id, message_created_at, url, event,
                                              payload, attempts, next_attempt_at, created_at)
              select ${tenant.organizationId}, 0, g, ${now.toISOString()}::timestamptz, ${url}, 'sent', '{}'::jsonb,
                     ${attempts}, ${new Date(now.getTime() - 60_000 - attempts * 1000).toISOString()}::timestamptz,
                     ${now.toISOString()}::timestamptz
                from generate_series(1, ${n}) g
              returning id)
            select array_agg(id) as ids from ins`,
      );
      return ((row?.ids ?? []) as (string | number)[]).map(Number);
    };
    // A's retries are older than its first attempts: the lanes, not the age, put first attempts first.
    const aRetries = await insert(a, "http://a.example/hook", 50, 3);
    const aFirst = await insert(a, "http://a.example/hook", 50, 0);
    const bFirst = await insert(b, "http://b.example/hook", 1, 0);
    try {
      const claimed = await claimDue(t.db, now, 6, 60_000, { perOrganization: 4, perHost: 3 });
      const ids = claimed.map((d) => d.id);
      // B's one delivery is claimed though A's 100 are older; A's first attempts come before its retries.
      expect(ids).toContain(bFirst[0]);
      const ofA = claimed.filter((d) => d.organizationId === a.organizationId);
      expect(ofA).toHaveLength(3);
      expect(ofA.every((d) => aFirst.includes(d.id))).toBe(true);
      expect(claimed).toHaveLength(4);
      // A busy organization gets nothing; the others go on.
      const next = await claimDue(t.db, now, 10, 60_000, {
        perOrganization: 4,
        perHost: 10,
        busyOrganizations: [a.organizationId],
      });
      expect(next.filter((d) => d.organizationId === a.organizationId)).toEqual([]);
      expect(aRetries.length).toBe(50);
    } finally {
      await t.db.execute(
        sql`delete from webhook_deliveries where organization_id in (${a.organizationId}, ${b.organizationId})`,
      );
    }
  });
});

describe("a URL whose host the column cannot read", () => {
  it("is still claimed (it has no host to be busy)", async () => {
    const tenant = await f.freshTenant(0);
    const now = new Date();
    // WHATWG URLs accept `http:/host`; the host column reads `scheme://` only.
    const [row] = await queryRows<{ id: unknown; host: string | null }>(
      t.db,
      sql`insert into webhook_deliveries (organization_id, campaign_id, message_id, message_created_at, url, event,
                                          payload, next_attempt_at, created_at)
          values (${tenant.organizationId}, 0, 1, ${now.toISOString()}::timestamptz, 'http:/hooks.example.com/x', 'sent',
                  '{}'::jsonb, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          returning id, host`,
    );
    expect(row?.host).toBeNull();
    const claimed = await claimDue(t.db, now, 10, 60_000, {
      perOrganization: 4,
      perHost: 4,
      busyHosts: ["busy.example.com"],
    });
    expect(claimed.map((d) => d.id)).toContain(Number(row?.id));
  });
});

describe("the circuit breaker", () => {
  it("pauses a host after 5 unanswered attempts in a row (no attempt counted), then probes it one at a time", async () => {
    const tenant = await f.freshTenant(0);
    const url = await refusingUrl();
    const now = { at: new Date() };
    const [row] = await queryRows<{ ids: unknown }>(
      t.db,
      sql`with ins as (
            insert into webhook_deliveries (organization_id, campaign_id, message_id, message_created_at, url, event,
                                            payload, next_attempt_at, created_at)
            select ${tenant.organizationId}, 0, g, ${now.at.toISOString()}::timestamptz, ${url}, 'sent', '{}'::jsonb,
                   ${now.at.toISOString()}::timestamptz, ${now.at.toISOString()}::timestamptz
              from generate_series(1, 30) g
            returning id)
          select array_agg(id) as ids from ins`,
    );
    const ids = ((row?.ids ?? []) as (string | number)[]).map(Number);
    const breakers = new HostBreakers();
    const pool = new DeliveryPool({
      db: t.db,
      sealKey: t.app.config.apiKeyPepper,
      send: createHttpSender({ allowPrivateAddresses: true }),
      now: () => now.at,
      random: () => 0.5,
      concurrency: 5,
      perOrganization: 5,
      perHost: 5,
      breakers,
    });
    try {
      expect(await pool.fill()).toBe(5);
      await pool.settle();
      const host = new URL(url).host;
      const pausedUntil = breakers.pausedUntil(host, now.at.getTime());
      expect(pausedUntil).toBe(now.at.getTime() + 30_000);
      const states = await queryRows<{ attempts: number; n: unknown; next: string | Date }>(
        t.db,
        sql`select attempts, count(*) as n, min(next_attempt_at) as next from webhook_deliveries
             where id = any(${`{${ids.join(",")}}`}::bigint[]) group by attempts order by attempts`,
      );
      // The 5 attempted wait for their retry; the 25 others were put off to the pause's end, unattempted.
      expect(states.map((s) => [s.attempts, Number(s.n), new Date(s.next).getTime()])).toEqual([
        [0, 25, pausedUntil],
        [1, 5, now.at.getTime() + 30_000],
      ]);
      // During the pause nothing of the host is due; after it, one probe at a time.
      expect(await pool.fill()).toBe(0);
      now.at = new Date(now.at.getTime() + 30_000);
      expect(await pool.fill()).toBeGreaterThan(0);
      await pool.settle();
      const attempted = await queryRows<{ n: unknown }>(
        t.db,
        sql`select count(*) as n from webhook_attempts where delivery_id = any(${`{${ids.join(",")}}`}::bigint[])`,
      );
      // 5 before the pause, then one probe: refused again, so paused for twice as long.
      expect(Number(attempted[0]?.n)).toBe(6);
      expect(breakers.pausedUntil(host, now.at.getTime())).toBe(now.at.getTime() + 60_000);
    } finally {
      await t.db.execute(
        sql`update webhook_deliveries set status = 'failed' where organization_id = ${tenant.organizationId}`,
      );
    }
  });
});
