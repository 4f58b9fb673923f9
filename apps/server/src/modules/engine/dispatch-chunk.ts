import { randomUUID } from "node:crypto";
import { type Db, pgArray, queryRows, SliceSize, type Tx } from "@sms/db";
import {
  bangkokDayKey,
  combinePartStatuses,
  debtCollectionResumesAt,
  isFinalStatus,
  isMarketingBlock,
  type RoutePurpose,
  resolveDeliveryStatus,
  type StoredMessageStatus,
  SUBMIT_ACCEPTED_PAIR,
  statusOfPair,
} from "@sms/domain";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { GatewayOutcome, GatewayReceipt, GatewaySubmit } from "../../gateway/index.ts";
import { defineJob, type JobContext } from "../../jobs/define-job.ts";
import { markPaused, markSending, markSentWhenDone } from "../campaigns/index.ts";
import { suppressReportedBlocks } from "../suppressions/index.ts";
import { applyChanges, type MessageChange, type RecordedPart } from "./apply-changes.ts";
import { applyReceipts } from "./apply-receipts.ts";

interface ClaimedMessage {
  id: string | number;
  recipient: string;
  sender: string;
  text: string;
  organization_id: number;
  /** otp, or the send's purpose: what routes match on. */
  purpose: RoutePurpose;
  /** An API message: its webhooks report every status (recordOutcomes folds none of its receipts). */
  api: boolean;
}

/**
 * Whether a debt-collection chunk must wait now, and until when: the holidays of the Bangkok day are
 * read once per day the chunk sees, as a chunk of a slow gateway may run across midnight.
 */
function debtCollectionGate(db: Db, now: () => Date) {
  const holidaysOf = new Map<string, string[]>();
  return async (): Promise<Date | null> => {
    const at = now();
    const day = bangkokDayKey(at);
    let holidays = holidaysOf.get(day);
    if (!holidays) {
      const rows = await queryRows<{ date: string }>(db, sql`select date from holidays where date = ${day}`);
      holidays = rows.map((r) => r.date);
      holidaysOf.set(day, holidays);
    }
    const resumes = debtCollectionResumesAt(at, holidays);
    return resumes.getTime() > at.getTime() ? resumes : null;
  };
}

export const ZDispatchChunk = z.object({
  campaignId: z.number().int().positive(),
  /** ISO time: the messages' partition key. */
  acceptedAt: z.string().datetime({ offset: true }),
  fromSeq: z.number().int().positive(),
  toSeq: z.number().int().positive(),
});
export type TDispatchChunk = z.infer<typeof ZDispatchChunk>;

/** How the engine's dispatch jobs (a chunk, a batch of sends) are leased, retried and run. */
export const DISPATCH_JOB_OPTIONS = {
  retry: { limit: 50, delaySeconds: 2, backoff: true, delayMaxSeconds: 60 },
  expireInSeconds: 3600,
  heartbeatSeconds: 10,
  batchSize: 1,
  pollingIntervalSeconds: 0.5,
  localConcurrency: (config: Config) => config.engine.concurrency,
  // Many slots (a NOTIFY would wake every idle one), delayed chunks and 2 s retries: they poll (ADR 124).
  wakeByNotify: false,
} as const;

/**
 * Submits one chunk (~1,000 messages) of a campaign; see dispatchChunk below for the exactly-once
 * rules. Declared beside its handler, which enqueues it again when it parks a chunk (pauseChunk). A worker that dies stops sending heartbeats, and the supervisor gives the chunk to another
 * run within `heartbeatSeconds` plus its interval; what the dead run had claimed is never resubmitted.
 */
export const dispatchChunkJob = defineJob({
  name: "engine.dispatch-chunk",
  payload: ZDispatchChunk,
  handler: (payload, context) => dispatchChunk(payload, context),
  ...DISPATCH_JOB_OPTIONS,
});

/** Thrown when some messages of the chunk could not be submitted now: the job is retried later for them. */
export class ChunkRetryLater extends Error {
  constructor(readonly count: number) {
    super(`${count} message(s) to submit again later`);
    this.name = "ChunkRetryLater";
  }
}

/**
 * Submits one chunk of a campaign exactly once (ADR 0016):
 * 1. messages of the chunk still `submitting` belong to an earlier run of this job that died (or
 *    lost its heartbeat) after claiming them: they may have reached the gateway, so they become
 *    `unknown` and are never submitted again. A receipt settles them later;
 * 2. the queued messages are claimed for a new attempt, committed before anything is written to the
 *    gateway, so no other run can claim them;
 * 3. the gateway's outcomes are recorded in one transaction, conditional on the attempt: accepted
 *    with their parts' ids (and any receipts that arrived first), rejected, unknown, or put back to
 *    queued for a later retry when nothing was sent.
 * A debt-collection campaign is checked before every slice: at the start of a barred window
 * (DESIGN §6) the campaign is marked paused and the rest of the chunk is enqueued again for the
 * window's end, when it goes on where it stopped.
 */
export async function dispatchChunk(
  payload: TDispatchChunk,
  context: JobContext,
  now: () => Date = () => new Date(),
): Promise<void> {
  await dispatchRange(
    {
      campaignIds: [payload.campaignId],
      acceptedAt: payload.acceptedAt,
      range: sql`m.campaign_id = ${payload.campaignId} and m.created_at = ${payload.acceptedAt}::timestamptz
                 and m.seq between ${payload.fromSeq} and ${payload.toSeq}`,
      park: (resumeAt) => pauseChunk(payload, context, resumeAt, now()),
    },
    context,
    now,
  );
}

/**
 * Submits many small sends accepted together (the public API's batches, ADR 0016's rules): the
 * abandoned claims of all of them are settled in one statement, and their queued messages are
 * claimed, submitted and recorded in shared slices, as one chunk would be, instead of one send after
 * another (each send's chunk cost about ten statements and two transactions). A debt-collection send
 * (its window may park it) is dispatched as its own chunk. A rerun after a crash skips what was
 * already claimed.
 */
export async function dispatchSends(payload: TDispatchSends, context: JobContext): Promise<void> {
  const ids = payload.campaigns.map((campaign) => campaign.id);
  const debt = await queryRows<{ id: string | number }>(
    context.db,
    sql`select id from campaigns where id = any(${pgArray(ids)}::bigint[]) and purpose = 'debt_collection'`,
  );
  const parked = new Set(debt.map((row) => Number(row.id)));
  const together = ids.filter((id) => !parked.has(id));
  let retry: ChunkRetryLater | null = null;
  if (together.length > 0) {
    try {
      await dispatchRange(
        {
          campaignIds: together,
          acceptedAt: payload.acceptedAt,
          range: sql`m.campaign_id = any(${pgArray(together)}::bigint[])
                     and m.created_at = ${payload.acceptedAt}::timestamptz`,
          park: null,
        },
        context,
      );
    } catch (error) {
      if (!(error instanceof ChunkRetryLater)) throw error;
      retry = error;
    }
  }
  for (const campaign of payload.campaigns) {
    if (!parked.has(campaign.id)) continue;
    await dispatchChunk(
      { campaignId: campaign.id, acceptedAt: payload.acceptedAt, fromSeq: 1, toSeq: campaign.recipients },
      context,
    );
  }
  if (retry) throw retry;
}

export const ZDispatchSends = z.object({
  acceptedAt: z.string().datetime({ offset: true }),
  campaigns: z
    .array(z.object({ id: z.number().int().positive(), recipients: z.number().int().positive() }))
    .min(1),
});
export type TDispatchSends = z.infer<typeof ZDispatchSends>;

interface DispatchRange {
  /** The sends whose messages `range` selects, all accepted at `acceptedAt`. */
  campaignIds: readonly number[];
  acceptedAt: string;
  /** The messages to submit (alias m): within one partition (created_at = acceptedAt). */
  range: SQL;
  /** Parks the rest of a debt-collection chunk until its window opens; null: never barred. */
  park: ((resumeAt: Date) => Promise<void>) | null;
}

async function dispatchRange(
  { campaignIds, acceptedAt: acceptedAtText, range, park }: DispatchRange,
  context: JobContext,
  now: () => Date = () => new Date(),
): Promise<void> {
  const { db } = context;
  const acceptedAt = new Date(acceptedAtText);

  const abandoned = await queryRows<{ id: string | number }>(
    db,
    sql`select m.id from messages m where ${range} and m.submit_state = 'submitting'`,
  );
  if (abandoned.length > 0) {
    context.log.warn(
      { campaignIds, messages: abandoned.length },
      "messages claimed by a dispatch that died: outcome unknown, not resubmitted",
    );
    await db.transaction((tx) =>
      applyChanges(
        tx,
        abandoned.map((m) => ({
          id: Number(m.id),
          createdAt: acceptedAt,
          status: "pending",
          state: 0,
          code: null,
          submitState: "unknown",
          wireParts: null,
        })),
      ),
    );
  }

  let barredUntil: (() => Promise<Date | null>) | null = null;
  if (park) {
    const [campaign] = await queryRows<{ purpose: string }>(
      db,
      sql`select purpose from campaigns where id = ${campaignIds[0] ?? 0}`,
    );
    barredUntil = campaign?.purpose === "debt_collection" ? debtCollectionGate(db, now) : null;
  }
  // Claimed in slices: a crash can only leave one slice per running chunk in doubt. On the embedded
  // database a slice is also sized by what its claim and its outcomes kept the one session
  // (time-boxed slices, ADR 29), up to the configured batch.
  const batchSize = context.config.engine.submitBatch;
  const slices = new SliceSize({ initial: batchSize, min: Math.min(batchSize, 25), max: batchSize });
  let retries = 0;
  let started = false;
  for (;;) {
    const resumeAt = barredUntil ? await barredUntil() : null;
    if (resumeAt && park) {
      const [rest] = await queryRows<{ one: number }>(
        db,
        sql`select 1 as one from messages m where ${range} and m.submit_state = 'queued' limit 1`,
      );
      if (!rest) break;
      await park(resumeAt);
      return;
    }
    if (!started) {
      started = true;
      await markSending(db, campaignIds);
    }
    const attempt = randomUUID();
    const back = await slices.run((slice) =>
      submitSlice(context, campaignIds, range, acceptedAt, attempt, slice),
    );
    if (back === null) break;
    retries += back;
    // What the gateway could not take now waits for the job's retry (with its backoff), not a busy loop.
    if (back > 0) break;
  }
  if (retries > 0) throw new ChunkRetryLater(retries);

  await markSentWhenDone(db, campaignIds, acceptedAtText);
}

/**
 * Claims up to `slice` queued messages of the chunk for `attempt` (committed before the gateway
 * sees them), submits them and records the outcomes. Answers how many went back to the queue, or
 * null when nothing was left to claim.
 */
async function submitSlice(
  context: JobContext,
  campaignIds: readonly number[],
  range: SQL,
  acceptedAt: Date,
  attempt: string,
  slice: number,
): Promise<number | null> {
  const { db, smsGateway } = context;
  const claimed = await queryRows<ClaimedMessage>(
    db,
    sql`
      update messages m set submit_state = 'submitting', attempt = ${attempt}::uuid
        from campaigns c
       where (m.id, m.created_at) in (
               select m.id, m.created_at from messages m
                where ${range} and m.submit_state = 'queued'
                order by m.seq
                limit ${slice}
                  for update skip locked)
         and c.id = m.campaign_id
      returning m.id, m.recipient, m.sender, coalesce(m.text, c.text) as text, m.organization_id,
                case when m.type = 'otp' then 'otp' else c.purpose end as purpose, m.type = 'api' as api`,
  );
  if (claimed.length === 0) return null;
  const batch: GatewaySubmit[] = claimed.map((m) => ({
    reference: String(m.id),
    to: m.recipient,
    sender: m.sender,
    text: m.text,
    purpose: m.purpose,
    organizationId: m.organization_id,
  }));
  let outcomes: GatewayOutcome[];
  try {
    outcomes = await smsGateway.submit(batch);
  } catch (error) {
    // A gateway throws only when it accepted none of the batch (see SmsGateway.submit).
    context.log.warn({ err: error, campaignIds }, "gateway refused the batch; retrying later");
    outcomes = batch.map((m) => ({ reference: m.reference, status: "retry", reason: "gateway error" }));
  }
  const api = new Set(claimed.filter((m) => m.api).map((m) => String(m.id)));
  return recordOutcomes(db, acceptedAt, attempt, outcomes, (reference) => !api.has(reference));
}

/**
 * Parks the chunk's unsent rest until `resumeAt`: the campaign shows paused, and a new run of the
 * chunk is enqueued in the same transaction. A crash between this commit and the job's completion
 * runs this job again, which parks again: the two resumed runs then share the chunk as any two runs
 * do (claims under SKIP LOCKED, ADR 0016), so nothing is sent twice.
 */
async function pauseChunk(
  payload: TDispatchChunk,
  context: JobContext,
  resumeAt: Date,
  at: Date,
): Promise<void> {
  const startAfterSeconds = Math.max(1, Math.ceil((resumeAt.getTime() - at.getTime()) / 1000));
  await context.db.transaction(async (tx) => {
    await markPaused(tx, payload.campaignId);
    await context.enqueue(dispatchChunkJob, payload, { tx, startAfterSeconds });
  });
  context.log.info(
    { campaignId: payload.campaignId, fromSeq: payload.fromSeq, resumeAt: resumeAt.toISOString() },
    "debt-collection send paused for a barred window",
  );
}

/**
 * Records a batch's outcomes in one transaction; answers how many go back to the queue.
 *
 * Receipts usually overtake the outcomes: a slice is recorded once its last part is answered, while
 * the SMSC reports each part at once, so most of a slice's receipts are already waiting in
 * pending_receipts. They are taken first and folded in: an accepted message whose parts were all
 * reported is stored with its final status, and its parts with their reports, in the one statement
 * that stores the outcomes (instead of storing "sent" and then applying the receipts, which wrote
 * each message and part twice). The waiting receipts of an unknown outcome, and of a message that
 * may not be folded (`foldable`: an API message, whose webhooks promise `sent` before `delivered`),
 * are applied as before, once its parts are stored.
 */
export async function recordOutcomes(
  db: Db,
  acceptedAt: Date,
  attempt: string,
  outcomes: readonly GatewayOutcome[],
  foldable: (reference: string) => boolean = () => true,
): Promise<number> {
  const retry: number[] = [];
  const gatewayIds: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === "retry") retry.push(Number(outcome.reference));
    else if (outcome.status === "accepted" || outcome.status === "unknown")
      for (const part of outcome.parts) gatewayIds.push(part.gatewayId);
  }
  await db.transaction(async (tx) => {
    const early = gatewayIds.length > 0 ? await takeWaitingReceipts(tx, gatewayIds) : new Map<string, Pair>();
    const changes: MessageChange[] = [];
    const parts: RecordedPart[] = [];
    const reported = new Set<number>();
    const afterwards: GatewayReceipt[] = [];
    for (const outcome of outcomes) {
      if (outcome.status === "retry") continue;
      const id = Number(outcome.reference);
      // The route decision (issue 26) is stored with what the connection answered.
      const base = {
        id,
        createdAt: acceptedAt,
        connectionId: outcome.route?.connectionId ?? null,
        routeId: outcome.route?.routeId ?? null,
      };
      if (outcome.status === "rejected") {
        changes.push({
          ...base,
          status: "failed",
          state: outcome.state,
          code: outcome.code,
          submitState: "rejected",
          wireParts: null,
        });
        continue;
      }
      const accepted = outcome.status === "accepted";
      const fold = accepted && foldable(outcome.reference);
      let folded = false;
      for (const part of outcome.parts) {
        const waiting = early.get(part.gatewayId);
        const receipt = fold ? waiting : undefined;
        if (receipt) folded = true;
        else if (waiting)
          afterwards.push({ gatewayId: part.gatewayId, state: waiting.state, code: waiting.code });
        parts.push({
          gatewayId: part.gatewayId,
          messageId: id,
          createdAt: acceptedAt,
          part: part.part,
          parts: outcome.wireParts,
          state: receipt?.state ?? null,
          code: receipt?.code ?? null,
          final: receipt ? isFinalStatus(receipt.status) : false,
        });
      }
      if (!accepted) {
        changes.push({
          ...base,
          status: "pending",
          state: 0,
          code: null,
          submitState: "unknown",
          wireParts: outcome.wireParts,
        });
        continue;
      }
      // Every part of an accepted message is recorded here: one not reported yet counts as sent.
      let status: { status: StoredMessageStatus; state: number; code: string | null } = {
        status: "sent",
        ...SUBMIT_ACCEPTED_PAIR,
      };
      const only = outcome.wireParts === 1 ? outcome.parts[0] : undefined;
      const single = fold && only ? early.get(only.gatewayId) : undefined;
      if (single) {
        // One part: its report's pair and status (what combinePartStatuses gives for one).
        reported.add(id);
        status = { status: single.status, state: single.state, code: single.code };
      } else if (folded) {
        reported.add(id);
        const byPart = new Map(outcome.parts.map((p) => [p.part, early.get(p.gatewayId)]));
        status = combinePartStatuses(
          Array.from(
            { length: outcome.wireParts },
            (_, i) => byPart.get(i + 1) ?? { state: null, code: null },
          ),
        );
      }
      changes.push({ ...base, ...status, submitState: "submitted", wireParts: outcome.wireParts });
    }
    const changed = await applyChanges(tx, changes, { attempt, parts });
    if (retry.length > 0) {
      await tx.execute(sql`
        update messages set submit_state = 'queued', attempt = null
         where id = any(${pgArray(retry)}::bigint[]) and created_at = ${acceptedAt.toISOString()}::timestamptz
           and attempt = ${attempt}::uuid and submit_state = 'submitting'`);
    }
    // A folded report saying the number blocks marketing suppresses it, as applyReceipts does.
    await suppressReportedBlocks(
      tx,
      changed
        .filter((m) => reported.has(m.id) && isMarketingBlock(resolveDeliveryStatus(m.state, m.code)))
        .map((m) => ({
          organizationId: m.organizationId,
          msisdn: m.recipient,
          code: `${m.state}/${m.code}`,
        })),
    );
    if (afterwards.length > 0) await applyReceipts(tx, afterwards);
  });
  return retry.length;
}

/** A waiting report: its pair, and the status that pair gives (read once per report). */
type Pair = { state: number; code: string; status: StoredMessageStatus };

/**
 * Takes the waiting receipts of these parts (reports that overtook their submit's outcome); of
 * several for one part, the last unless an earlier one was final (as applyReceipts keeps them).
 */
async function takeWaitingReceipts(tx: Tx, gatewayIds: readonly string[]): Promise<Map<string, Pair>> {
  const rows = await queryRows<{ id: string | number; gateway_id: string; state: number; code: string }>(
    tx,
    sql`delete from pending_receipts where gateway_id = any(${pgArray(gatewayIds)}::text[])
        returning id, gateway_id, state, code`,
  );
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  const byGatewayId = new Map<string, Pair>();
  for (const row of rows) {
    const seen = byGatewayId.get(row.gateway_id);
    if (!seen || !isFinalStatus(seen.status))
      byGatewayId.set(row.gateway_id, {
        state: row.state,
        code: row.code,
        status: statusOfPair(row.state, row.code),
      });
  }
  return byGatewayId;
}

/** Stores accepted parts' gateway ids, then applies the receipts that were waiting for them. */
export async function recordParts(
  tx: Tx,
  acceptedAt: Date | null,
  parts: readonly { gatewayId: string; messageId: number; part: number; parts: number; createdAt?: Date }[],
): Promise<void> {
  await tx.execute(sql`
    insert into message_parts (gateway_id, message_id, message_created_at, part, parts)
    select * from unnest(${pgArray(parts.map((p) => p.gatewayId))}::text[], ${pgArray(parts.map((p) => p.messageId))}::bigint[],
                         ${pgArray(parts.map((p) => (p.createdAt ?? acceptedAt)?.toISOString() ?? null))}::timestamptz[],
                         ${pgArray(parts.map((p) => p.part))}::smallint[], ${pgArray(parts.map((p) => p.parts))}::smallint[])
    order by 1
    on conflict (gateway_id) do nothing`);
  const early = await queryRows<{ gateway_id: string; state: number; code: string }>(
    tx,
    sql`delete from pending_receipts where gateway_id = any(${pgArray(parts.map((p) => p.gatewayId))}::text[])
        returning gateway_id, state, code`,
  );
  if (early.length > 0) {
    await applyReceipts(
      tx,
      early.map((r) => ({ gatewayId: r.gateway_id, state: r.state, code: r.code })),
    );
  }
}
