import type { Db } from "@sms/db";
import { type SQL, sql } from "drizzle-orm";
import { pgArray, queryRows } from "../../platform/sql-rows.ts";
import { outcomeOf } from "./backoff.ts";
import type { WebhookSender } from "./http-sender.ts";
import { webhookHeaders } from "./signature.ts";
import { webhookSecrets } from "./webhook-secret.ts";

export interface WebhookDeps {
  db: Db;
  /** Key that seals the organizations' signing secrets (config.apiKeyPepper). */
  sealKey: string;
  send: WebhookSender;
  now?: () => Date;
  /** [0, 1) for the backoff's jitter; Math.random by default. */
  random?: () => number;
  /** Deliveries claimed per tick. */
  batchSize?: number;
  /** POSTs in flight at once. */
  concurrency?: number;
  /**
   * How long a claim holds a delivery: a worker that dies mid-POST leaves it due again after this.
   * Longer than a batch can take (batch / concurrency × the 10 s timeout).
   */
  leaseMs?: number;
}

const DEFAULTS = { batchSize: 100, concurrency: 16, leaseMs: 5 * 60_000 };

/** A delivery claimed for one POST; `lease` is its next_attempt_at while held (the claim's token). */
export interface ClaimedDelivery {
  id: number;
  organizationId: number;
  url: string;
  body: string;
  attempts: number;
  createdAt: Date;
  lease: Date;
}

interface ClaimedRow {
  id: string | number;
  organization_id: number;
  url: string;
  payload: unknown;
  attempts: number;
  created_at: string | Date;
}

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/**
 * Claims deliveries in their own committed transaction: locked `FOR UPDATE SKIP LOCKED` (another
 * poller takes others instead of waiting) and leased by moving next_attempt_at out, so no other
 * poller takes them while the POSTs run, and a crash before the outcome is recorded only delays
 * them to the lease's end.
 */
async function claim(db: Db, which: SQL, lease: Date, skipLocked = true): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`with due as (${which} for update ${skipLocked ? sql`skip locked` : sql``})
        update webhook_deliveries d set next_attempt_at = ${lease.toISOString()}::timestamptz
          from due where d.id = due.id
        returning d.id, d.organization_id, d.url, d.payload, d.attempts, d.created_at`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    organizationId: r.organization_id,
    url: r.url,
    body: JSON.stringify(r.payload),
    attempts: r.attempts,
    createdAt: toDate(r.created_at),
    lease,
  }));
}

export function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  return claim(
    db,
    sql`select id from webhook_deliveries
         where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
         order by next_attempt_at, id limit ${limit}`,
    new Date(now.getTime() + leaseMs),
  );
}

/** One delivery of the organization, whatever its status, set pending and leased (a manual resend). */
export function claimOne(
  db: Db,
  organizationId: number,
  id: number,
  now: Date,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const claimed = await claim(
      tx,
      sql`select id from webhook_deliveries where id = ${id} and organization_id = ${organizationId}`,
      new Date(now.getTime() + leaseMs),
      false,
    );
    if (claimed.length > 0) {
      await tx.execute(sql`update webhook_deliveries set status = 'pending' where id = ${id}`);
    }
    return claimed;
  });
}

interface Attempt {
  delivery: ClaimedDelivery;
  attemptedAt: Date;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

/** Runs `task` over `items` with at most `limit` at once. */
async function eachBounded<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * POSTs claimed deliveries (bounded concurrency), then records every attempt and outcome in one
 * statement. An outcome is written only while the claim still holds (next_attempt_at is still its
 * lease): a delivery re-claimed after an expired lease, or resent by hand meanwhile, keeps the newer
 * claim's state; its attempt is logged either way.
 */
export async function sendClaimed(
  deps: WebhookDeps,
  claimed: readonly ClaimedDelivery[],
  options: { manual?: boolean } = {},
): Promise<Attempt[]> {
  if (claimed.length === 0) return [];
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const secrets = await webhookSecrets(
    deps.db,
    deps.sealKey,
    claimed.map((d) => d.organizationId),
  );
  const attempts = await eachBounded(claimed, deps.concurrency ?? DEFAULTS.concurrency, async (delivery) => {
    const secret = secrets.get(delivery.organizationId);
    const attemptedAt = now();
    if (secret === undefined) {
      // Never POSTed unsigned: the secret is unreadable until a member rotates it.
      return {
        delivery,
        attemptedAt,
        httpStatus: null,
        error: "webhooks.error.secret_unavailable",
        durationMs: 0,
      };
    }
    const started = performance.now();
    const response = await deps.send({
      url: delivery.url,
      headers: webhookHeaders(secret, delivery.body, attemptedAt, delivery.id),
      body: delivery.body,
    });
    const error =
      response.error ??
      (response.httpStatus !== null && (response.httpStatus < 200 || response.httpStatus >= 300)
        ? "webhooks.error.http_status"
        : null);
    return {
      delivery,
      attemptedAt,
      httpStatus: response.httpStatus,
      error,
      durationMs: Math.round(performance.now() - started),
    };
  });
  await recordAttempts(deps.db, attempts, random, options.manual ?? false);
  return attempts;
}

async function recordAttempts(
  db: Db,
  attempts: readonly Attempt[],
  random: () => number,
  manual: boolean,
): Promise<void> {
  const outcomes = attempts.map((a) =>
    // The wait counts from the attempt's start, as the documented schedule does.
    outcomeOf(a.httpStatus, a.delivery.attempts, a.delivery.createdAt, a.attemptedAt, random()),
  );
  const col = <T>(f: (a: Attempt, i: number) => T) => pgArray(attempts.map(f));
  await db.execute(sql`
    with input as (
      select * from unnest(
        ${col((a) => a.delivery.id)}::bigint[],
        ${col((a) => a.delivery.lease.toISOString())}::timestamptz[],
        ${col((a) => a.attemptedAt.toISOString())}::timestamptz[],
        ${col((a) => a.httpStatus)}::smallint[],
        ${col((a) => a.error)}::text[],
        ${col((a) => a.durationMs)}::int[],
        ${col((_, i) => outcomes[i]?.status)}::text[],
        ${col((_, i) => outcomes[i]?.nextAttemptAt?.toISOString() ?? null)}::timestamptz[]
      ) as i(id, lease, attempted_at, http_status, error, duration_ms, status, next_attempt_at)
    ),
    logged as (
      insert into webhook_attempts (delivery_id, attempted_at, http_status, error, duration_ms, manual)
      select i.id, i.attempted_at, i.http_status, i.error, i.duration_ms, ${manual}
        from input i join webhook_deliveries d on d.id = i.id
    )
    update webhook_deliveries d set
      status = i.status,
      attempts = least(d.attempts + 1, 32767),
      next_attempt_at = coalesce(i.next_attempt_at, d.next_attempt_at),
      last_http_status = i.http_status,
      last_error = i.error,
      delivered_at = case when i.status = 'delivered' then i.attempted_at else d.delivered_at end
      from input i
     where d.id = i.id and d.status = 'pending' and d.next_attempt_at = i.lease`);
}

/** One tick: claims up to a batch of due deliveries and sends them. Answers how many were sent. */
export async function deliverDueWebhooks(deps: WebhookDeps): Promise<number> {
  const now = (deps.now ?? (() => new Date()))();
  const claimed = await claimDue(
    deps.db,
    now,
    deps.batchSize ?? DEFAULTS.batchSize,
    deps.leaseMs ?? DEFAULTS.leaseMs,
  );
  await sendClaimed(deps, claimed);
  return claimed.length;
}

/** A member's resend: the delivery POSTed now (a manual attempt), whatever its status was. */
export async function resendNow(deps: WebhookDeps, organizationId: number, id: number): Promise<boolean> {
  const now = (deps.now ?? (() => new Date()))();
  const claimed = await claimOne(deps.db, organizationId, id, now, deps.leaseMs ?? DEFAULTS.leaseMs);
  if (claimed.length === 0) return false;
  await sendClaimed(deps, claimed, { manual: true });
  return true;
}

interface Logger {
  warn: (obj: object, msg: string) => void;
}

/**
 * The sending loop of roles `all` and `worker`: every `intervalMs`, due deliveries batch after
 * batch until none is due. Several processes may run it (claims skip each other's locks and
 * leases). Answers the stop function, which waits for the tick in progress.
 */
export function startWebhookDelivery(
  deps: WebhookDeps & { log: Logger },
  intervalMs: number,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const batch = deps.batchSize ?? DEFAULTS.batchSize;
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        // A full batch means more may be due: go on at once, a bounded number of times per tick.
        for (let i = 0; i < 20 && !stopped; i++) {
          if ((await deliverDueWebhooks(deps)) < batch) break;
        }
      })
      .catch((err: unknown) => deps.log.warn({ err }, "sending delivery webhooks failed; trying again"));
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
