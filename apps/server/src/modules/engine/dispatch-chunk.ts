import { randomUUID } from "node:crypto";
import { type Db, pgArray, queryRows, SliceSize, type Tx } from "@sms/db";
import { bangkokDayKey, debtCollectionResumesAt, type RoutePurpose, SUBMIT_ACCEPTED_PAIR } from "@sms/domain";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { GatewayOutcome, GatewaySubmit } from "../../gateway/index.ts";
import { defineJob, type JobContext } from "../../jobs/define-job.ts";
import { markPaused, markSending, markSentWhenDone } from "../campaigns/index.ts";
import { applyChanges, type MessageChange } from "./apply-changes.ts";
import { applyReceipts } from "./apply-receipts.ts";

interface ClaimedMessage {
  id: string | number;
  recipient: string;
  sender: string;
  text: string;
  organization_id: number;
  /** otp, or the send's purpose: what routes match on. */
  purpose: RoutePurpose;
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
  const { db } = context;
  const acceptedAt = new Date(payload.acceptedAt);
  const range = sql`m.campaign_id = ${payload.campaignId} and m.created_at = ${payload.acceptedAt}::timestamptz
                    and m.seq between ${payload.fromSeq} and ${payload.toSeq}`;

  const abandoned = await queryRows<{ id: string | number }>(
    db,
    sql`select m.id from messages m where ${range} and m.submit_state = 'submitting'`,
  );
  if (abandoned.length > 0) {
    context.log.warn(
      { campaignId: payload.campaignId, messages: abandoned.length },
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

  const [campaign] = await queryRows<{ purpose: string }>(
    db,
    sql`select purpose from campaigns where id = ${payload.campaignId}`,
  );
  const barredUntil = campaign?.purpose === "debt_collection" ? debtCollectionGate(db, now) : null;
  // Claimed in slices: a crash can only leave one slice per running chunk in doubt. On the embedded
  // database a slice is also sized by what its claim and its outcomes kept the one session
  // (time-boxed slices, ADR 29), up to the configured batch.
  const batchSize = context.config.engine.submitBatch;
  const slices = new SliceSize({ initial: batchSize, min: Math.min(batchSize, 25), max: batchSize });
  let retries = 0;
  let started = false;
  for (;;) {
    const resumeAt = barredUntil ? await barredUntil() : null;
    if (resumeAt) {
      const [rest] = await queryRows<{ one: number }>(
        db,
        sql`select 1 as one from messages m where ${range} and m.submit_state = 'queued' limit 1`,
      );
      if (!rest) break;
      await pauseChunk(payload, context, resumeAt, now());
      return;
    }
    if (!started) {
      started = true;
      await markSending(db, payload.campaignId);
    }
    const attempt = randomUUID();
    const back = await slices.run((slice) =>
      submitSlice(context, payload.campaignId, range, acceptedAt, attempt, slice),
    );
    if (back === null) break;
    retries += back;
    // What the gateway could not take now waits for the job's retry (with its backoff), not a busy loop.
    if (back > 0) break;
  }
  if (retries > 0) throw new ChunkRetryLater(retries);

  await markSentWhenDone(db, payload.campaignId, payload.acceptedAt);
}

/**
 * Claims up to `slice` queued messages of the chunk for `attempt` (committed before the gateway
 * sees them), submits them and records the outcomes. Answers how many went back to the queue, or
 * null when nothing was left to claim.
 */
async function submitSlice(
  context: JobContext,
  campaignId: number,
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
                case when m.type = 'otp' then 'otp' else c.purpose end as purpose`,
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
    context.log.warn({ err: error, campaignId }, "gateway refused the batch; retrying later");
    outcomes = batch.map((m) => ({ reference: m.reference, status: "retry", reason: "gateway error" }));
  }
  return recordOutcomes(db, acceptedAt, attempt, outcomes);
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

/** Records a batch's outcomes in one transaction; answers how many go back to the queue. */
export async function recordOutcomes(
  db: Db,
  acceptedAt: Date,
  attempt: string,
  outcomes: readonly GatewayOutcome[],
): Promise<number> {
  const changes: MessageChange[] = [];
  const retry: number[] = [];
  const parts: { gatewayId: string; messageId: number; part: number; parts: number }[] = [];
  for (const outcome of outcomes) {
    const id = Number(outcome.reference);
    // The route decision (issue 26) is stored with what the connection answered.
    const base = {
      id,
      createdAt: acceptedAt,
      connectionId: outcome.route?.connectionId ?? null,
      routeId: outcome.route?.routeId ?? null,
    };
    switch (outcome.status) {
      case "accepted":
        changes.push({
          ...base,
          status: "sent",
          ...SUBMIT_ACCEPTED_PAIR,
          submitState: "submitted",
          wireParts: outcome.wireParts,
        });
        break;
      case "rejected":
        changes.push({
          ...base,
          status: "failed",
          state: outcome.state,
          code: outcome.code,
          submitState: "rejected",
          wireParts: null,
        });
        break;
      case "unknown":
        changes.push({
          ...base,
          status: "pending",
          state: 0,
          code: null,
          submitState: "unknown",
          wireParts: outcome.wireParts,
        });
        break;
      case "retry":
        retry.push(id);
        continue;
    }
    if (outcome.status === "accepted" || outcome.status === "unknown") {
      for (const part of outcome.parts) {
        parts.push({ gatewayId: part.gatewayId, messageId: id, part: part.part, parts: outcome.wireParts });
      }
    }
  }
  await db.transaction(async (tx) => {
    await applyChanges(tx, changes, { attempt });
    if (retry.length > 0) {
      await tx.execute(sql`
        update messages set submit_state = 'queued', attempt = null
         where id = any(${pgArray(retry)}::bigint[]) and created_at = ${acceptedAt.toISOString()}::timestamptz
           and attempt = ${attempt}::uuid and submit_state = 'submitting'`);
    }
    if (parts.length > 0) await recordParts(tx, acceptedAt, parts);
  });
  return retry.length;
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
