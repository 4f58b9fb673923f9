import { type Db, pgArray, queryRows, SliceSize, type Tx } from "@sms/db";
import { isStopReply, SUBMIT_ACCEPTED_PAIR } from "@sms/domain";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { PG_ERROR, pgErrorOf } from "../../db-errors.ts";
import type {
  GatewayInbound,
  GatewayLateAccept,
  GatewayListener,
  GatewayReceipt,
  SmsGateway,
} from "../../gateway/index.ts";
import { startPoller } from "../../platform/poller.ts";
import { applyChanges } from "./apply-changes.ts";
import { applyReceipts, storeWaitingReceipts } from "./apply-receipts.ts";
import { recordParts } from "./dispatch-chunk.ts";
import { matchReceiptsByHandset } from "./match-by-handset.ts";
import { storeInbound } from "./store-inbound.ts";

/**
 * Receipts stored per transaction: big enough to amortise the round trips, small enough to hold few
 * locks. On the embedded database, fewer when a transaction kept its one session longer than a
 * request should wait (time-boxed slices, ADR 29).
 */
const RECEIPT_BATCH = 2000;

/**
 * Where the gateway's reports go (worker processes). Each call commits before it resolves, and the
 * gateway acknowledges only then, so nothing acknowledged is ever lost. A deadlock with a concurrent
 * batch (possible when two batches touch the same multipart message) is retried.
 */
export function createReportListener(db: Db, log: FastifyBaseLogger): GatewayListener {
  const slices = new SliceSize({ initial: RECEIPT_BATCH, min: 100, max: RECEIPT_BATCH });
  return {
    async receipts(all: GatewayReceipt[]) {
      // Reports that overtook their submit's outcome wait for it in one statement: the outcome's
      // recording applies them (recordOutcomes). Looking for their part would find nothing.
      const early = all.filter((r) => r.early);
      const batch = early.length > 0 ? all.filter((r) => !r.early) : all;
      if (early.length > 0) await storeWaitingReceipts(db, early);
      for (let i = 0; i < batch.length; ) {
        i = await slices.run(async (size) => {
          const slice = batch.slice(i, i + size);
          await retryOnDeadlock(() => db.transaction((tx) => applyReceipts(tx, slice)));
          return i + slice.length;
        });
      }
    },
    async inbound(batch: GatewayInbound[]) {
      await retryOnDeadlock(() => db.transaction((tx) => storeInbound(tx, batch)));
      const stops = batch.filter((m) => isStopReply(m.text)).length;
      if (stops > 0) log.info({ stops }, "STOP replies: numbers suppressed for marketing");
    },
    async lateAccepts(batch: GatewayLateAccept[]) {
      await retryOnDeadlock(() => db.transaction((tx) => recordLateAccepts(tx, batch)));
    },
  };
}

/** How often receipts that raced their submit response are looked for again. */
const RECONCILE_MS = 1000;

/**
 * Starts delivering the gateway's reports into the engine (roles all and worker), and the loop that
 * applies early receipts whose ids have been recorded since, or whose handset names the one unknown
 * submit they belong to (match-by-handset.ts). Answers a function that stops the loop.
 */
export function startReportProcessing(
  gateway: SmsGateway,
  db: Db,
  log: FastifyBaseLogger,
): () => Promise<void> {
  gateway.listen(createReportListener(db, log));
  return startPoller({
    intervalMs: RECONCILE_MS,
    log,
    failure: "applying early receipts failed; trying again",
    tick: async () => {
      await reconcilePendingReceipts(db);
      await matchReceiptsByHandset(db);
      return "idle";
    },
  });
}

/**
 * A receipt and the submit response it overtook can be stored by two transactions at once: the
 * receipt's finds no part yet and waits in pending_receipts, while the response's, not seeing that
 * uncommitted row, records the part and finds nothing to apply. This applies such receipts once
 * their part exists (each row is taken by one transaction, whichever process runs it).
 */
export async function reconcilePendingReceipts(db: Db): Promise<number> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const ready = await queryRows<{ gateway_id: string; state: number; code: string }>(
        tx,
        sql`delete from pending_receipts r
             where r.id in (select r.id from pending_receipts r join message_parts p on p.gateway_id = r.gateway_id
                             order by r.id limit 5000 for update of r skip locked)
            returning r.gateway_id, r.state, r.code`,
      );
      if (ready.length > 0) {
        await applyReceipts(
          tx,
          ready.map((r) => ({ gatewayId: r.gateway_id, state: r.state, code: r.code })),
        );
      }
      return ready.length;
    }),
  );
}

async function retryOnDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const { code } = pgErrorOf(error);
      if (attempt >= 5 || (code !== PG_ERROR.deadlockDetected && code !== PG_ERROR.serializationFailure))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/**
 * Parts that were reported unknown (no submit response in time) and then answered after all: their
 * ids are recorded (so their receipts match) and their message counts as sent again.
 */
async function recordLateAccepts(tx: Tx, batch: readonly GatewayLateAccept[]): Promise<void> {
  if (batch.length === 0) return;
  const ids = [...new Set(batch.map((a) => Number(a.reference)).filter(Number.isSafeInteger))];
  const found = await queryRows<{ id: string | number; created_at: Date | string; status: string }>(
    tx,
    sql`select id, created_at, status from messages where id = any(${pgArray(ids)}::bigint[])`,
  );
  const byId = new Map(found.map((m) => [Number(m.id), m]));
  const parts = batch.flatMap((a) => {
    const message = byId.get(Number(a.reference));
    return message
      ? [
          {
            gatewayId: a.gatewayId,
            messageId: Number(a.reference),
            part: a.part,
            parts: a.parts,
            createdAt: new Date(message.created_at),
          },
        ]
      : [];
  });
  await applyChanges(
    tx,
    found
      .filter((m) => m.status === "pending")
      .map((m) => ({
        id: Number(m.id),
        createdAt: new Date(m.created_at),
        status: "sent" as const,
        ...SUBMIT_ACCEPTED_PAIR,
        submitState: "submitted" as const,
        wireParts: null,
      })),
  );
  if (parts.length > 0) await recordParts(tx, null, parts);
}
