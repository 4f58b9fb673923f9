import { createHash } from "node:crypto";
import { type Db, pgArray, queryRows, type Tx } from "@sms/db";
import { PUMP_WINDOW_SECONDS, pumpBuckets, pumpLimitOf, pumpWindowStart } from "@sms/domain";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import type { ApiCallerLimits } from "../api-keys/index.ts";

/**
 * The public API's safety checks (issue 14 point 4, ADR 0023), shared by the SMS and OTP routes:
 * - a rate limit per key, checked right after authentication (before the body is read), so a
 *   refused request is never charged;
 * - the SMS-pumping guard, counted in the acceptance's transaction, so a refused send stores and
 *   charges nothing and counts nothing;
 * - Idempotency-Key records (24 hours).
 * Every refusal is an AppError; each scope's error handler writes it in its own envelope, with
 * Retry-After from `params.seconds` on a 429.
 */

/** What the safety checks need to know about the authenticated caller. */
export interface SafetyCaller {
  organizationId: number;
  credentialId: number;
  keyCreatedAt: Date;
  limits: ApiCallerLimits;
  /** On its free trial only: sent one by one, through the trial's limits (ADR 32). */
  trialOnly?: boolean;
}

/**
 * A per-key limiter: `limits.rateLimitPerSecond` requests per second per credential, in the app's
 * rate-limit store (Redis when configured, so every API process shares the count; memory otherwise).
 */
export function keyRateLimiter(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply, caller: SafetyCaller) => Promise<void> {
  const callers = new WeakMap<FastifyRequest, SafetyCaller>();
  const check = app.createRateLimit({
    timeWindow: 1000,
    max: (request) => callers.get(request)?.limits.rateLimitPerSecond ?? 1,
    keyGenerator: (request) => `public-api:key:${callers.get(request)?.credentialId ?? 0}`,
  });
  return async (request, reply, caller) => {
    callers.set(request, caller);
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header("retry-after", String(seconds));
    throw new AppError("RATE_LIMITED", {
      messageKey: "public_api.rate_limited",
      params: { seconds, limit: caller.limits.rateLimitPerSecond },
    });
  };
}

/**
 * The SMS-pumping guard: counts the send's numbers per 10-minute window in their prefix buckets
 * (and the `fresh` bucket for a key under a day old), and refuses the whole send when a bucket
 * passes the organization's threshold. Runs inside the acceptance's transaction: a refusal rolls
 * the counts back with the send. Concurrent sends of one organization queue on the counter rows,
 * as they already do on its credit balance.
 */
export async function guardPumping(
  tx: Tx,
  caller: SafetyCaller,
  numbers: readonly string[],
  now = new Date(),
): Promise<void> {
  const thresholds = { prefixMax: caller.limits.pumpPrefixMax, freshKeyMax: caller.limits.pumpFreshKeyMax };
  const buckets = pumpBuckets(numbers, { ...thresholds, keyCreatedAt: caller.keyCreatedAt, now });
  if (buckets.size === 0) return;
  const windowStart = pumpWindowStart(now);
  const rows = await queryRows<{ bucket: string; numbers: number }>(
    tx,
    sql`
      insert into api_send_counters (organization_id, window_start, bucket, numbers)
      select ${caller.organizationId}, ${windowStart.toISOString()}::timestamptz, b.bucket, b.n
        from unnest(${pgArray([...buckets.keys()])}::text[], ${pgArray([...buckets.values()])}::int[]) as b(bucket, n)
       order by b.bucket
      on conflict (organization_id, window_start, bucket)
      do update set numbers = api_send_counters.numbers + excluded.numbers
      returning bucket, numbers`,
  );
  const over = rows.find((row) => row.numbers > pumpLimitOf(row.bucket, thresholds));
  if (!over) return;
  throw pumpingRefusal(over.bucket, pumpLimitOf(over.bucket, thresholds), secondsLeftIn(windowStart, now));
}

/**
 * guardPumping for a group-committed batch (ApiSendBatcher's admission hook): the same buckets and
 * thresholds, decided send by send in arrival order against the counts as stored plus what the
 * batch's earlier kept sends added. ONE statement in the usual case (ADR 116): every send's numbers
 * are added to their counters with one upsert, which locks each row until the batch ends and returns
 * its new total, so the total before the batch is exact (the returned one minus what the statement
 * added; no row yet counts as 0, and two batches adding to a new row take turns on it). The sends
 * are then decided in order from there; a refused send counts nothing: its numbers are taken back
 * by a second statement, only when a send was refused.
 */
export async function guardPumpingBatch(
  tx: Tx,
  sends: readonly { organizationId: number; numbers: readonly string[]; guard: unknown }[],
  now = new Date(),
): Promise<(AppError | null)[]> {
  const windowStart = pumpWindowStart(now);
  const plans = sends.map((send) => {
    const caller = send.guard as SafetyCaller | undefined;
    if (!caller) return null;
    const thresholds = { prefixMax: caller.limits.pumpPrefixMax, freshKeyMax: caller.limits.pumpFreshKeyMax };
    const buckets = pumpBuckets(send.numbers, { ...thresholds, keyCreatedAt: caller.keyCreatedAt, now });
    return buckets.size === 0 ? null : { organizationId: send.organizationId, thresholds, buckets };
  });
  const keyOf = (org: number, bucket: string) => `${org} ${bucket}`;
  const adding = new Map<string, { org: number; bucket: string; n: number }>();
  for (const plan of plans) {
    if (!plan) continue;
    for (const [bucket, n] of plan.buckets) {
      const key = keyOf(plan.organizationId, bucket);
      const row = adding.get(key) ?? { org: plan.organizationId, bucket, n: 0 };
      row.n += n;
      adding.set(key, row);
    }
  }
  if (adding.size === 0) return sends.map(() => null);
  const rows = [...adding.values()].sort((x, y) => x.org - y.org || x.bucket.localeCompare(y.bucket));
  const counted = (
    await queryRows<{ organization_id: number; bucket: string; numbers: number }>(
      tx,
      sql`
      insert into api_send_counters (organization_id, window_start, bucket, numbers)
      select b.org, ${windowStart.toISOString()}::timestamptz, b.bucket, b.n
        from unnest(${pgArray(rows.map((r) => r.org))}::int[], ${pgArray(rows.map((r) => r.bucket))}::text[],
                    ${pgArray(rows.map((r) => r.n))}::int[]) as b(org, bucket, n)
       order by b.org, b.bucket
      on conflict (organization_id, window_start, bucket)
      do update set numbers = api_send_counters.numbers + excluded.numbers
      returning organization_id, bucket, numbers`,
    )
  ).map((r) => ({ key: keyOf(Number(r.organization_id), r.bucket), numbers: Number(r.numbers) }));
  // Each counter before this batch: its new total minus what the statement added.
  const totals = new Map(counted.map((r) => [r.key, r.numbers - (adding.get(r.key)?.n ?? 0)]));
  const takenBack = new Map<string, { org: number; bucket: string; n: number }>();
  const seconds = secondsLeftIn(windowStart, now);
  const verdicts = plans.map((plan) => {
    if (!plan) return null;
    for (const [bucket, n] of plan.buckets) {
      const limit = pumpLimitOf(bucket, plan.thresholds);
      if ((totals.get(keyOf(plan.organizationId, bucket)) ?? 0) + n > limit) {
        for (const [b, m] of plan.buckets) {
          const key = keyOf(plan.organizationId, b);
          const row = takenBack.get(key) ?? { org: plan.organizationId, bucket: b, n: 0 };
          row.n += m;
          takenBack.set(key, row);
        }
        return pumpingRefusal(bucket, limit, seconds);
      }
    }
    for (const [bucket, n] of plan.buckets) {
      const key = keyOf(plan.organizationId, bucket);
      totals.set(key, (totals.get(key) ?? 0) + n);
    }
    return null;
  });
  if (takenBack.size > 0) {
    const back = [...takenBack.values()];
    await tx.execute(sql`
      update api_send_counters c set numbers = c.numbers - b.n
        from unnest(${pgArray(back.map((r) => r.org))}::int[], ${pgArray(back.map((r) => r.bucket))}::text[],
                    ${pgArray(back.map((r) => r.n))}::int[]) as b(org, bucket, n)
       where c.organization_id = b.org and c.bucket = b.bucket
         and c.window_start = ${windowStart.toISOString()}::timestamptz`);
  }
  return verdicts;
}

const secondsLeftIn = (windowStart: Date, now: Date): number =>
  Math.max(1, Math.ceil((windowStart.getTime() + PUMP_WINDOW_SECONDS * 1000 - now.getTime()) / 1000));

function pumpingRefusal(bucket: string, limit: number, seconds: number): AppError {
  return new AppError("RATE_LIMITED", {
    messageKey: bucket === "fresh" ? "public_api.pumping_fresh_key" : "public_api.pumping_prefix",
    params: { seconds, limit, prefix: bucket.replace(/^prefix:/, ""), minutes: PUMP_WINDOW_SECONDS / 60 },
    reason: "pumping_suspected",
  });
}

// ---- Idempotency-Key ---------------------------------------------------------------------------

export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** A stored answer: `statusCode` 0 while only the send is recorded (its answer is rebuilt from it). */
export interface IdempotentRecord {
  requestHash: string;
  statusCode: number;
  response: unknown;
}

/** The request's Idempotency-Key header, checked; undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers["idempotency-key"];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  if (value === "" || value.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw new AppError("VALIDATION", {
      messageKey: "public_api.idempotency_key_invalid",
      params: { max: IDEMPOTENCY_KEY_MAX_LENGTH },
    });
  }
  return value;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** A digest of what the request asks for (its route and parsed body, keys sorted): JSON and form bodies alike. */
export function requestDigest(route: string, body: unknown): string {
  return createHash("sha256")
    .update(`${route}\n${JSON.stringify(canonical(body ?? {}))}`)
    .digest("hex");
}

/** The live record of a key (under 24 hours old), if any. */
export async function findIdempotent(
  db: Db,
  organizationId: number,
  key: string,
): Promise<IdempotentRecord | null> {
  const [row] = await queryRows<{ request_hash: string; status_code: number; response: unknown }>(
    db,
    sql`select request_hash, status_code, response from api_idempotency_keys
         where organization_id = ${organizationId} and key = ${key}
           and created_at > now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
  );
  return row ? { requestHash: row.request_hash, statusCode: row.status_code, response: row.response } : null;
}

/** The same key with another request: 422, nothing done. */
export function assertSameRequest(record: IdempotentRecord, requestHash: string): void {
  if (record.requestHash !== requestHash) {
    throw new AppError("UNPROCESSABLE", { messageKey: "public_api.idempotency_conflict" });
  }
}

/**
 * Claims the key for this send, in the send's transaction (`response` names what was done, e.g.
 * the campaign id, until the answer is stored). A record older than 24 hours is replaced. A live
 * record taken by a concurrent request with the same key makes this one fail (409) and roll back:
 * the client's retry then replays the winner's answer.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  organizationId: number,
  key: string,
  requestHash: string,
  response: unknown,
): Promise<void> {
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`insert into api_idempotency_keys (organization_id, key, request_hash, status_code, response)
        values (${organizationId}, ${key}, ${requestHash}, 0, ${JSON.stringify(response)}::jsonb)
        on conflict (organization_id, key) do update
           set request_hash = excluded.request_hash, status_code = 0, response = excluded.response,
               created_at = now()
         where api_idempotency_keys.created_at <= now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
        returning key`,
  );
  if (rows.length === 0) {
    throw new AppError("CONFLICT", {
      messageKey: "public_api.idempotency_in_flight",
      reason: "idempotency_in_flight",
    });
  }
}

/** Stores the answer to replay (after the send committed). */
export async function storeIdempotentAnswer(
  db: Db,
  organizationId: number,
  key: string,
  statusCode: number,
  response: unknown,
): Promise<void> {
  await db.execute(
    sql`update api_idempotency_keys set status_code = ${statusCode}, response = ${JSON.stringify(response)}::jsonb
         where organization_id = ${organizationId} and key = ${key}`,
  );
}

/** Upkeep: forgets idempotency records past their 24 hours and guard windows past their end. */
export async function pruneSafetyRecords(db: Db): Promise<void> {
  await db.execute(
    sql`delete from api_idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS + 1})`,
  );
  await db.execute(
    sql`delete from api_send_counters where window_start < now() - make_interval(secs => ${PUMP_WINDOW_SECONDS * 2})`,
  );
}
