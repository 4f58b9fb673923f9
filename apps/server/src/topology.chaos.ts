import type { ChildProcess } from "node:child_process";
import { createServer, request as httpRequest, type Server } from "node:http";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { credit } from "./modules/credits/index.ts";
import { issueSmsKey } from "./test/api-keys.ts";
import {
  acceptQueued,
  type ChaosDatabase,
  createChaosDatabase,
  kill,
  newOrganization,
  scalar,
  startWorker,
  statusCounts,
  until,
} from "./test/chaos.ts";
import { type PgBouncer, startPgBouncer } from "./test/pgbouncer.ts";
import { freePort } from "./test/ports.ts";
import { createTenant, OWN_SENDER, ownSender, type TestTenant } from "./test/tenants.ts";
import { testConfig } from "./test/test-app.ts";

/**
 * Issue 26 point 7: growing past one machine on existing engines. Two ROLE=api processes behind a
 * small round-robin proxy, two ROLE=worker processes, all through PgBouncer in transaction mode
 * (Debian's package) to PostgreSQL, with Redis for the rate limits. A 20,000-message campaign and
 * 2,000 API sends go through with no message sent twice, and a key's rate limit holds across both
 * API processes. Runs from .ci/run with the other crash tests (vitest.chaos.config.ts).
 */

const CAMPAIGN = 20_000;
const API_SENDS = 2_000;
/** The rate-limited key's requests per second, shared by both API processes. */
const LIMIT = 5;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
/** The secrets the in-process set-up app and the processes share (keys are hashed with the pepper). */
const SECRETS = {
  JWT_SECRET: "test-secret-test-secret-test-secret-0123",
  API_KEY_PEPPER: "test-pepper-test-pepper-test-pepper-0123",
};

let chaos: ChaosDatabase;
let bouncer: PgBouncer;
let proxy: Server;
let proxyPort = 0;
const served = [0, 0];
const processes: ChildProcess[] = [];
let sender: { tenant: TestTenant; authorization: string };
let limited: { tenant: TestTenant; authorization: string };

/** Waits for a process's health answer through its own port. */
async function healthy(port: number, limitMs = 120_000): Promise<void> {
  await until(
    `api on ${port} not up`,
    async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null);
      return res?.ok ? 0 : 1;
    },
    limitMs,
  );
}

/** A tenant with credit, its own approved sender and an SMS key, made through the app in-process. */
async function setUp(app: FastifyInstance, rateLimitPerSecond: number) {
  const t = {
    app,
    db: chaos.handle.db,
    dbHandle: chaos.handle,
    jobs: app.jobs,
    close: async () => undefined,
  };
  const tenant = await createTenant(t);
  await chaos.handle.db.transaction((tx) =>
    credit(tx, "earned", {
      organizationId: tenant.organizationId,
      credits: 10_000,
      reason: "test",
      reference: `topology:${tenant.organizationId}`,
    }),
  );
  await ownSender(t, tenant, { name: OWN_SENDER, type: "marketing" });
  const key = await issueSmsKey(t, tenant, { liftLimits: true, rateLimitPerSecond });
  return { tenant, authorization: key.authorization };
}

function sendSms(authorization: string, msisdn: string): Promise<number> {
  return fetch(`http://127.0.0.1:${proxyPort}/api/v2/sms`, {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify({ msisdn, message: "Topology check", sender: OWN_SENDER }),
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });
}

beforeAll(async () => {
  chaos = await createChaosDatabase();
  bouncer = await startPgBouncer(process.env.TEST_DATABASE_URL as string);
  // Set-up (tenants, senders, keys) through the app in-process on the same database.
  const app = await buildApp({
    config: testConfig({ ...SECRETS, REDIS_URL }),
    dbHandle: chaos.handle,
    boss: chaos.boss,
    logger: false,
  });
  await app.ready();
  sender = await setUp(app, 1_000);
  limited = await setUp(app, LIMIT);
  await app.close();

  const viaBouncer = bouncer.urlFor(chaos.databaseUrl);
  const apiPorts = [await freePort(), await freePort()];
  const common = { ...SECRETS, REDIS_URL, RATE_LIMIT_SCALE: "1" };
  for (const port of apiPorts)
    processes.push(startWorker(viaBouncer, { ...common, ROLE: "api", PORT: String(port) }));
  for (let i = 0; i < 2; i++) processes.push(startWorker(viaBouncer, { ...common, ROLE: "worker" }));
  await Promise.all(apiPorts.map((port) => healthy(port)));

  // The proxy: round robin, as a load balancer in front of two machines.
  let next = 0;
  proxy = createServer((req, res) => {
    const i = next++ % apiPorts.length;
    served[i] = (served[i] ?? 0) + 1;
    const upstream = httpRequest(
      { host: "127.0.0.1", port: apiPorts[i], path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // Longer than the client's idle reuse: a socket closed as it is reused would reset a request.
  proxy.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", () => resolve()));
  const address = proxy.address();
  proxyPort = typeof address === "object" && address ? address.port : 0;
}, 300_000);

afterAll(async () => {
  await Promise.all(processes.map(kill));
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  await bouncer?.stop();
  await chaos?.drop();
}, 60_000);

describe("two API and two worker processes through PgBouncer (issue 26 point 7)", () => {
  it("send a 20,000-message campaign and 2,000 API sends with no duplicate, the rate limit shared", async () => {
    const organizationId = await newOrganization(chaos, CAMPAIGN);
    const campaignId = await acceptQueued(chaos, organizationId, CAMPAIGN, "6687");

    // 2,000 API sends, 20 at a time, through the proxy (both API processes).
    const statuses: number[] = [];
    for (let start = 0; start < API_SENDS; start += 20) {
      const wave = Array.from({ length: Math.min(20, API_SENDS - start) }, (_, i) =>
        sendSms(sender.authorization, `6688${String(start + i).padStart(7, "0")}`),
      );
      statuses.push(...(await Promise.all(wave)));
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(served.every((n) => n >= API_SENDS / 2 - 1)).toBe(true);

    // Everything handed to the gateway and reported, by the two workers.
    const open = () =>
      scalar(
        chaos,
        sql`select (select count(*) from messages where submit_state in ('queued', 'submitting')
                       or (status not in ('delivered', 'failed') and submit_state <> 'unknown'))
                 + (select count(*) from dev_messages where receipt_due_at is not null and receipt_acked_at is null) as n`,
      );
    await until("messages not ended", open, 300_000);
    const byStatus = await statusCounts(chaos, campaignId);
    expect((byStatus.delivered ?? 0) + (byStatus.failed ?? 0)).toBe(CAMPAIGN);
    // The simulator's store is the handsets: every message once, none twice.
    const twice = await scalar(
      chaos,
      sql`select count(*) as n from (select reference from dev_messages where reference is not null
                                     group by reference having count(*) > 1) d`,
    );
    expect(twice).toBe(0);
    expect(
      await scalar(chaos, sql`select count(*) as n from dev_messages where recipient like '6687%'`),
    ).toBe(CAMPAIGN);
    expect(
      await scalar(chaos, sql`select count(*) as n from dev_messages where recipient like '6688%'`),
    ).toBe(API_SENDS);
    expect(
      await scalar(
        chaos,
        sql`select count(*) as n from messages where recipient like '6688%' and status in ('delivered', 'failed')`,
      ),
    ).toBe(API_SENDS);
  }, 600_000);

  it("holds a key's rate limit across both API processes (Redis)", async () => {
    // A burst well past the limit, within one second: per process, each would admit LIMIT; shared,
    // the two admit LIMIT together. A burst that took longer than its window is tried again.
    let accepted = Number.POSITIVE_INFINITY;
    let limitedAnswers = 0;
    for (let attempt = 0; attempt < 8 && accepted > LIMIT; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const before = [...served];
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: LIMIT * 3 }, (_, i) =>
          sendSms(limited.authorization, `6689${String(attempt * 100 + i).padStart(7, "0")}`),
        ),
      );
      const took = performance.now() - started;
      expect(served.map((n, i) => n - (before[i] ?? 0)).every((n) => n > 0)).toBe(true);
      if (took > 900) continue;
      accepted = answers.filter((s) => s === 201).length;
      limitedAnswers = answers.filter((s) => s === 429).length;
    }
    console.log(
      `rate limit ${LIMIT}/s over two API processes: ${accepted} accepted, ${limitedAnswers} refused`,
    );
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(LIMIT);
    expect(limitedAnswers).toBe(LIMIT * 3 - accepted);
  }, 120_000);
});
