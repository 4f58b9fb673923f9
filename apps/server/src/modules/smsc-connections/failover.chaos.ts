import type { ChildProcess } from "node:child_process";
import { queryRows, schema } from "@sms/db";
import { ZCreateSmscConnectionRequest } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalSmsc } from "../../gateway/smpp/local-smsc.ts";
import {
  acceptQueued,
  type ChaosDatabase,
  createChaosDatabase,
  kill,
  ledgerFigures,
  newOrganization,
  PER_MESSAGE,
  scalar,
  startWorker,
  statusCounts,
  unsent,
  until,
} from "../../test/chaos.ts";
import { TEST_ADMIN } from "../../test/test-admin.ts";
import { maintainEngine } from "../engine/index.ts";
import { createConnection } from "./connections.ts";
import { createSecretBox } from "./secret-box.ts";

/**
 * Issue 26 point 5: two local SMSCs, A (the environment's connection, first) and B (added by staff,
 * second), and a real worker process (ROLE=worker) on PostgreSQL. A crashes in the middle of a
 * campaign: it stops answering, cuts its binds and refuses new ones; what it had accepted stays in
 * its store and is receipted when it comes back. Every message must end delivered or failed exactly
 * once, no handset may get one twice (the SMSCs count what they accepted per number), a message whose
 * outcome on A is unknown is never sent again through B (ADR 16), and the work after the failover
 * goes through B. A second run also kills the worker with SIGKILL in the middle of the failover.
 * Runs from .ci/run against PostgreSQL with the other crash tests (vitest.chaos.config.ts).
 */

const SECRET_KEY = "chaos-smsc-secret-chaos-smsc-secret-01";
/** The registry takes a connection out after two bad batches, for 5 s (ADR 71); the issue asks for 5 s. */
const FAILOVER_MS = 5_000;

let chaos: ChaosDatabase;
let smscs: [LocalSmsc, LocalSmsc];
let ports: [number, number];
let connectionB = 0;
let worker: ChildProcess | null = null;

const workerEnv = () => ({
  SMS_GATEWAY: "smpp",
  SMPP_HOST: "127.0.0.1",
  SMPP_PORT: String(ports[0]),
  SMPP_SYSTEM_ID: "portal",
  SMPP_PASSWORD: "pw",
  SMPP_WINDOW: "100",
  SMPP_TPS: "4000",
  SMPP_PDU_TIMEOUT_MS: "2000",
  SMSC_SECRET_KEY: SECRET_KEY,
  SMSC_REFRESH_MS: "500",
});

interface Sent {
  recipient: string;
  status: string;
  submit_state: string;
  smsc_connection_id: number | null;
  submitted_at: Date | null;
}

function messagesOf(campaignId: number): Promise<Sent[]> {
  return queryRows<Sent>(
    chaos.handle.db,
    sql`select recipient, status, submit_state, smsc_connection_id, submitted_at
          from messages where campaign_id = ${campaignId}`,
  );
}

/** What both SMSCs accepted for one number (a handset gets a message once per acceptance). */
const acceptedFor = (recipient: string) =>
  smscs[0].part(recipient).accepted + smscs[1].part(recipient).accepted;

/** Every message is sent or failed by the gateway, and every receipt of both SMSCs is answered. */
async function reported(campaignId: number, limitMs: number): Promise<void> {
  await until(
    `campaign ${campaignId}: messages waiting for their receipt`,
    async () =>
      (await scalar(
        chaos,
        sql`select count(*) as n from messages where campaign_id = ${campaignId}
              and status not in ('delivered', 'failed') and submit_state <> 'unknown'`,
      )) +
      smscs[0].heldReceipts +
      smscs[1].heldReceipts,
    limitMs,
  );
}

/** The checks of both runs: exactly once, nothing resent after an unknown outcome, B after the failover. */
async function expectExactlyOnce(
  organizationId: number,
  campaignId: number,
  recipients: number,
  initialCredits: number,
  crashedAt: number,
): Promise<{ onA: number; onB: number; unknown: number; firstOnBAfterMs: number }> {
  // Unknown outcomes with no report after the network's retry window become final failures.
  await maintainEngine(chaos.handle.db, new Date(Date.now() + 25 * 3600_000));
  const byStatus = await statusCounts(chaos, campaignId);
  expect(Object.keys(byStatus).filter((s) => s !== "delivered" && s !== "failed")).toEqual([]);
  expect((byStatus.delivered ?? 0) + (byStatus.failed ?? 0)).toBe(recipients);

  const rows = await messagesOf(campaignId);
  expect(rows).toHaveLength(recipients);
  // No handset got a message twice, and each delivered message was accepted by exactly one SMSC.
  expect(rows.filter((m) => acceptedFor(m.recipient) > 1).map((m) => m.recipient)).toEqual([]);
  expect(
    rows.filter((m) => m.status === "delivered" && acceptedFor(m.recipient) !== 1).map((m) => m.recipient),
  ).toEqual([]);
  // A message whose outcome is unknown (A died, or the worker, before the answer was stored) was
  // handed to one SMSC once and never tried again on any.
  const unknown = rows.filter((m) => m.submit_state === "unknown");
  const received = (recipient: string) =>
    smscs[0].part(recipient).received + smscs[1].part(recipient).received;
  expect(unknown.filter((m) => received(m.recipient) > 1).map((m) => m.recipient)).toEqual([]);
  // Everything handed over after the failover window went through B; B took work within it.
  const onB = rows.filter((m) => m.smsc_connection_id === connectionB);
  const onA = rows.filter((m) => m.smsc_connection_id !== null && m.smsc_connection_id !== connectionB);
  // (A message the worker was handing over when it was killed has no connection: its outcome is
  // unknown and nobody can say where it went; it was counted above.)
  const late = rows.filter(
    (m) =>
      m.smsc_connection_id !== null &&
      m.submitted_at !== null &&
      new Date(m.submitted_at).getTime() > crashedAt + FAILOVER_MS,
  );
  expect(late.filter((m) => m.smsc_connection_id !== connectionB)).toEqual([]);
  expect(onA.length).toBeGreaterThan(0);
  expect(onB.length).toBeGreaterThan(0);
  const firstOnB = Math.min(...onB.map((m) => new Date(m.submitted_at ?? 0).getTime()));

  // Charged once per message; the balance and the rollups follow the final statuses.
  const figures = await ledgerFigures(chaos, organizationId, campaignId);
  expect(figures.charged).toBe(recipients * PER_MESSAGE);
  expect(figures.messageCredits).toBe(recipients * PER_MESSAGE);
  expect(figures.balance).toBe(initialCredits - figures.charged);
  expect(figures.rollups).toEqual(byStatus);
  return { onA: onA.length, onB: onB.length, unknown: unknown.length, firstOnBAfterMs: firstOnB - crashedAt };
}

beforeAll(async () => {
  chaos = await createChaosDatabase();
  smscs = [0, 1].map(
    () =>
      new LocalSmsc({
        port: 0,
        systemId: "portal",
        password: "pw",
        latencyMs: [1, 5],
        receiptDelayMs: 200,
        redeliveryDelayMs: 200,
        undeliveredRate: 0.05,
      }),
  ) as [LocalSmsc, LocalSmsc];
  ports = (await Promise.all(smscs.map((s) => s.start()))) as [number, number];
  const [staff] = await chaos.handle.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, TEST_ADMIN.email));
  const b = await createConnection(chaos.handle.db, createSecretBox(SECRET_KEY), {
    staffUserId: staff?.id as number,
    fields: ZCreateSmscConnectionRequest.parse({
      name: "SMSC B",
      kind: "smpp",
      host: "127.0.0.1",
      port: ports[1],
      system_id: "portal",
      password: "pw",
      window: 100,
      tps: 4000,
      priority: 200,
    }),
  });
  connectionB = b.id;
}, 120_000);

afterAll(async () => {
  if (worker) await kill(worker);
  await Promise.all((smscs ?? []).map((s) => s.stop()));
  await chaos?.drop();
}, 60_000);

describe("failover between two SMSCs (issue 26 point 5)", () => {
  it("ends every message of a 20,000-message campaign once when the first SMSC dies in the middle, and sends the rest through the second", async () => {
    const recipients = 20_000;
    const initialCredits = recipients * PER_MESSAGE;
    const organizationId = await newOrganization(chaos, initialCredits);
    const campaignId = await acceptQueued(chaos, organizationId, recipients, "6684");
    worker = startWorker(chaos.databaseUrl, workerEnv());
    await until("A takes the first 5,000", async () => (smscs[0].stats.accepted >= 5_000 ? 0 : 1), 180_000);
    const crashedAt = Date.now();
    await smscs[0].crash();
    await until("campaign handed over", () => unsent(chaos, campaignId), 240_000);
    // A comes back: its receipts go out once the worker has bound again.
    await smscs[0].start();
    await reported(campaignId, 120_000);

    // Once A is healthy again, new work goes back to it (it is first).
    await until("A bound again", async () => (smscs[0].boundConnections > 0 ? 0 : 1), 60_000);
    await new Promise((resolve) => setTimeout(resolve, FAILOVER_MS + 1_000));
    const backCampaign = await acceptQueued(chaos, await newOrganization(chaos, 200), 200, "6685");
    await until("the campaign after A came back", () => unsent(chaos, backCampaign), 60_000);
    const back = await messagesOf(backCampaign);
    expect(back.filter((m) => m.smsc_connection_id === connectionB)).toEqual([]);

    const result = await expectExactlyOnce(organizationId, campaignId, recipients, initialCredits, crashedAt);
    console.log(`SMSC failover: ${JSON.stringify(result)}`);
    expect(result.onA + result.onB).toBeGreaterThanOrEqual(recipients - result.unknown);
    await kill(worker);
    worker = null;
  }, 600_000);

  it("loses and duplicates nothing when the worker is killed with SIGKILL during the failover", async () => {
    const recipients = 10_000;
    const initialCredits = recipients * PER_MESSAGE;
    const organizationId = await newOrganization(chaos, initialCredits);
    const campaignId = await acceptQueued(chaos, organizationId, recipients, "6686");
    const acceptedBefore = smscs[0].stats.accepted;
    const onB = () =>
      scalar(
        chaos,
        sql`select count(*) as n from messages where campaign_id = ${campaignId} and smsc_connection_id = ${connectionB}`,
      );
    worker = startWorker(chaos.databaseUrl, workerEnv());
    await until(
      "A takes the first 2,000",
      async () => (smscs[0].stats.accepted - acceptedBefore >= 2_000 ? 0 : 1),
      180_000,
    );
    const crashedAt = Date.now();
    await smscs[0].crash();
    // The failover has begun (B took work) when the worker dies.
    await until("B takes work", async () => ((await onB()) > 0 ? 0 : 1), 60_000);
    await kill(worker);
    worker = startWorker(chaos.databaseUrl, workerEnv());
    await until("campaign handed over", () => unsent(chaos, campaignId), 240_000);
    await smscs[0].start();
    await reported(campaignId, 120_000);
    const result = await expectExactlyOnce(organizationId, campaignId, recipients, initialCredits, crashedAt);
    console.log(`SMSC failover with a worker SIGKILL: ${JSON.stringify(result)}`);
    await kill(worker);
    worker = null;
  }, 600_000);
});
