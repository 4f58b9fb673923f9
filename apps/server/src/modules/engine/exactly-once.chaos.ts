import type { ChildProcess } from "node:child_process";
import { pgArray, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptQueued,
  type ChaosDatabase,
  createChaosDatabase,
  kill,
  ledgerFigures,
  newOrganization,
  PER_MESSAGE,
  scalar as scalarIn,
  seededRandom,
  startWorker as startWorkerOn,
  until,
} from "../../test/chaos.ts";
import { applyReceipts } from "./apply-receipts.ts";
import { maintainEngine } from "./maintain.ts";
import { reconcilePendingReceipts } from "./report-listener.ts";

/**
 * Issue 12 point 4: a 20,000-recipient campaign is dispatched by a real worker process (ROLE=worker,
 * PostgreSQL, the simulator gateway), which is killed with SIGKILL at random moments and restarted,
 * 10 times. Afterwards every message is in exactly one final state, no recipient got the message
 * twice (the simulator's store is the handsets), and the credits match the messages.
 * Runs from .ci/run against PostgreSQL (vitest.chaos.config.ts); PGlite is one process by design.
 */

const RECIPIENTS = 20_000;
const KILLS = 10;
/** Reproducible "random" kill times: the seed is printed, so a failure can be replayed. */
const seedValue = Number(process.env.CHAOS_SEED ?? Date.now() % 100_000);
const random = seededRandom(seedValue);

let chaos: ChaosDatabase;
let worker: ChildProcess | null = null;
const startWorker = () => startWorkerOn(chaos.databaseUrl);
const scalar = (query: ReturnType<typeof sql>) => scalarIn(chaos, query);

/** Waits until no message of the campaign waits for the gateway and no simulator report is unacknowledged. */
function settled(campaignId: number, limitMs: number): Promise<void> {
  return until(
    `campaign ${campaignId} not settled`,
    () =>
      scalar(sql`
        select (select count(*) from messages where campaign_id = ${campaignId} and submit_state in ('queued', 'submitting'))
             + (select count(*) from dev_messages where receipt_due_at is not null and receipt_acked_at is null) as n`),
    limitMs,
  );
}

beforeAll(async () => {
  chaos = await createChaosDatabase();
}, 120_000);

afterAll(async () => {
  if (worker) await kill(worker);
  await chaos?.drop();
}, 60_000);

describe("exactly once under SIGKILL", () => {
  it(`dispatches ${RECIPIENTS} recipients through ${KILLS} worker kills with no duplicate, no loss, credits matching (seed ${seedValue})`, async () => {
    const db = chaos.handle.db;
    const initial = RECIPIENTS * PER_MESSAGE + 5_000;
    const organizationId = await newOrganization(chaos, initial);
    const campaignId = await acceptQueued(chaos, organizationId, RECIPIENTS, "6681");

    const leftQueue = () =>
      scalar(
        sql`select count(*) as n from messages where campaign_id = ${campaignId} and submit_state <> 'queued'`,
      );
    const kills: { afterMs: number; submitted: number }[] = [];
    let submitted = 0;
    for (let i = 0; i < KILLS; i++) {
      const started = startWorker();
      worker = started;
      // Once this worker is dispatching (it takes a few seconds to start, more when CI runs other
      // stages beside this test), kill it at a random moment. The wait is on that event, not on a
      // fixed time: a worker that exits before it dispatches fails the test here.
      const before = submitted;
      while ((await leftQueue()) === before) {
        if (started.exitCode !== null || started.signalCode !== null)
          throw new Error(
            `worker ${i + 1} exited (${started.exitCode ?? started.signalCode}) before dispatching`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const afterMs = 100 + Math.floor(random() * 1500);
      await new Promise((resolve) => setTimeout(resolve, afterMs));
      await kill(worker);
      submitted = await leftQueue();
      kills.push({ afterMs, submitted });
    }
    worker = startWorker();
    await settled(campaignId, 240_000);
    await kill(worker);
    worker = null;
    // Unknown outcomes with no report after the network's retry window become final failures.
    await maintainEngine(db, new Date(Date.now() + 25 * 3600_000));

    const statuses = await queryRows<{ status: string; n: string | number }>(
      db,
      sql`select status, count(*) as n from messages where campaign_id = ${campaignId} group by status`,
    );
    const byStatus = Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]));
    console.log(`seed ${seedValue}; kills ${JSON.stringify(kills)}; final ${JSON.stringify(byStatus)}`);
    expect(Object.keys(byStatus).sort()).toEqual(
      Object.keys(byStatus)
        .filter((s) => s === "delivered" || s === "failed")
        .sort(),
    );
    expect((byStatus.delivered ?? 0) + (byStatus.failed ?? 0)).toBe(RECIPIENTS);
    // Every kill landed while the campaign was being dispatched.
    expect(
      kills.every((k, i) => k.submitted > (kills[i - 1]?.submitted ?? 0) && k.submitted < RECIPIENTS),
    ).toBe(true);

    // The simulator's store is what reached handsets: never twice, and exactly the delivered ones.
    const twice = await scalar(sql`
        select count(*) as n from (select reference from dev_messages where reference is not null
                                    group by reference having count(*) > 1) d`);
    expect(twice).toBe(0);
    const ids = (
      await queryRows<{ id: string | number }>(
        db,
        sql`select id from messages where campaign_id = ${campaignId}`,
      )
    ).map((r) => String(r.id));
    const reached = await scalar(
      sql`select count(*) as n from dev_messages where reference = any(${pgArray(ids)}::text[])`,
    );
    expect(reached).toBe(byStatus.delivered ?? 0);
    const failedButReached = await scalar(sql`
        select count(*) as n from messages m join dev_messages d on d.reference = m.id::text
         where m.campaign_id = ${campaignId} and m.status = 'failed'`);
    expect(failedButReached).toBe(0);

    // Credits: charged once for every message, the balance what the ledger says, and the rollups
    // moved with every status change, through every crash.
    const figures = await ledgerFigures(chaos, organizationId, campaignId);
    expect(figures.charged).toBe(figures.messageCredits);
    expect(figures.messageCredits).toBe(RECIPIENTS * PER_MESSAGE);
    expect(figures.balance).toBe(initial - figures.messageCredits);
    expect(figures.rollups).toEqual(byStatus);
  }, 600_000);

  it("shares one campaign between two worker processes without sending any message twice", async () => {
    const recipients = 6_000;
    const organizationId = await newOrganization(chaos, recipients);
    const campaignId = await acceptQueued(chaos, organizationId, recipients, "6682");
    const workers = [startWorker(), startWorker()];
    try {
      await settled(campaignId, 180_000);
    } finally {
      await Promise.all(workers.map(kill));
    }
    const delivered = await scalar(
      sql`select count(*) as n from messages where campaign_id = ${campaignId} and status = 'delivered'`,
    );
    expect(delivered).toBe(recipients);
    const twice = await scalar(sql`
      select count(*) as n from (select reference from dev_messages where recipient like '6682%'
                                  group by reference having count(*) > 1) d`);
    expect(twice).toBe(0);
    expect(await scalar(sql`select count(*) as n from dev_messages where recipient like '6682%'`)).toBe(
      recipients,
    );
  }, 300_000);

  it("applies a receipt whose part was being recorded by another transaction at the same moment", async () => {
    const organizationId = await newOrganization(chaos, 10);
    const campaignId = await acceptQueued(chaos, organizationId, 1, "6683");
    const [message] = await queryRows<{ id: string | number; created_at: Date }>(
      chaos.handle.db,
      sql`select id, created_at from messages where campaign_id = ${campaignId}`,
    );
    await chaos.handle.db.execute(
      sql`update messages set submit_state = 'submitted', status = 'sent', state = 1, code = '000' where id = ${message?.id}`,
    );
    // The submit response's transaction has written the part but not committed it yet…
    const other = new pg.Client({ connectionString: chaos.databaseUrl });
    await other.connect();
    try {
      await other.query("begin");
      await other.query(
        "insert into message_parts (gateway_id, message_id, message_created_at, part, parts) values ($1, $2, $3, 1, 1)",
        [`race-${campaignId}`, message?.id, message?.created_at],
      );
      // …when the receipt arrives: it cannot see the part, so it waits as an early receipt.
      await chaos.handle.db.transaction((tx) =>
        applyReceipts(tx, [{ gatewayId: `race-${campaignId}`, state: 3, code: "000" }]),
      );
      await other.query("commit");
    } finally {
      await other.end();
    }
    expect(
      await scalar(
        sql`select count(*) as n from pending_receipts where gateway_id = ${`race-${campaignId}`}`,
      ),
    ).toBe(1);
    expect(await reconcilePendingReceipts(chaos.handle.db)).toBe(1);
    const [after] = await queryRows<{ status: string }>(
      chaos.handle.db,
      sql`select status from messages where campaign_id = ${campaignId}`,
    );
    expect(after?.status).toBe("delivered");
    expect(
      await scalar(
        sql`select count(*) as n from pending_receipts where gateway_id = ${`race-${campaignId}`}`,
      ),
    ).toBe(0);
  });
});
