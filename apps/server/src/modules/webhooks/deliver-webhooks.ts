import { type Db, pgArray, queryRows } from "@sms/db";
import { type SQL, sql } from "drizzle-orm";
import { startPoller } from "../../platform/poller.ts";
import { outcomeOf } from "./backoff.ts";
import { HostBreakers } from "./host-breakers.ts";
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
  /** Deliveries claimed by one tick of deliverDueWebhooks. */
  batchSize?: number;
  /** POSTs in flight at once in this process. */
  concurrency?: number;
  /** POSTs in flight (or waiting for their host) per organization: one organization's share. */
  perOrganization?: number;
  /** POSTs in flight per receiving host (host:port). */
  perHost?: number;
  /**
   * How long a claim holds a delivery: a worker that dies mid-POST leaves it due again after this.
   * Far longer than a POST can take (the 10 s timeout), waiting for a busy host included.
   */
  leaseMs?: number;
  /** The process's circuit breakers (a new set per call of deliverDueWebhooks otherwise). */
  breakers?: HostBreakers;
}

const DEFAULTS = { batchSize: 100, concurrency: 64, perOrganization: 16, perHost: 16, leaseMs: 5 * 60_000 };

/** A delivery claimed for one POST; `lease` is its next_attempt_at while held (the claim's token). */
export interface ClaimedDelivery {
  id: number;
  organizationId: number;
  url: string;
  /** The URL's host:port (webhook_deliveries.host). */
  host: string;
  body: string;
  attempts: number;
  createdAt: Date;
  lease: Date;
}

interface ClaimedRow {
  id: string | number;
  organization_id: number;
  url: string;
  host: string | null;
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
async function claim(db: Db, which: SQL, lease: Date): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`with ${which}
        update webhook_deliveries d set next_attempt_at = ${lease.toISOString()}::timestamptz
          from due where d.id = due.id
        returning d.id, d.organization_id, d.url, d.host, d.payload, d.attempts, d.created_at`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    organizationId: r.organization_id,
    url: r.url,
    host: r.host ?? "",
    body: JSON.stringify(r.payload),
    attempts: r.attempts,
    createdAt: toDate(r.created_at),
    lease,
  }));
}

export interface ClaimShares {
  /** Deliveries one organization may get in this claim (each lane). */
  perOrganization: number;
  /** Deliveries one host may get in this claim. */
  perHost: number;
  /** Organizations and hosts already at their share in this process: none of theirs is claimed. */
  busyOrganizations?: readonly number[];
  busyHosts?: readonly string[];
}

/** One lane of the claim: an organization's oldest due deliveries among first attempts or retries. */
function laneSql(orgs: string, attempts: SQL, now: string, shares: ClaimShares, lane: number): SQL {
  return sql`select c.id, c.organization_id, c.host, c.next_attempt_at, ${lane} as lane
      from ${sql.raw(orgs)} o
      cross join lateral (
        select d.id, d.organization_id, d.host, d.next_attempt_at from webhook_deliveries d
         where d.organization_id = o.org and d.status = 'pending' and ${attempts}
           and d.next_attempt_at <= ${now}::timestamptz
           and coalesce(d.host, '') <> all(${pgArray(shares.busyHosts ?? [])}::text[])
         order by d.next_attempt_at, d.id
         limit ${shares.perOrganization}
         for update skip locked) c
     where o.org is not null and o.org <> all(${pgArray(shares.busyOrganizations ?? [])}::int[])`;
}

/** The organizations with pending deliveries in a lane, one index probe each (a loose index scan). */
function orgsSql(name: string, attempts: SQL): SQL {
  return sql`${sql.raw(name)}(org) as (
      (select d.organization_id from webhook_deliveries d
        where d.status = 'pending' and ${attempts} order by d.organization_id limit 1)
      union all
      select (select d.organization_id from webhook_deliveries d
               where d.status = 'pending' and ${attempts} and d.organization_id > o.org
               order by d.organization_id limit 1)
        from ${sql.raw(name)} o where o.org is not null)`;
}

/**
 * Claims up to `limit` due deliveries fairly (ADR 34): every organization with due deliveries gets
 * its turn (its oldest first; first attempts before retries, so a backlog of retries never starves
 * a fresh delivery), then each its second, and so on; no organization more than
 * `perOrganization`, no host more than `perHost`. Busy organizations and hosts are skipped. The
 * walk costs one index probe per organization with pending deliveries, not one row per due one.
 */
export function claimDue(
  db: Db,
  now: Date,
  limit: number,
  leaseMs: number,
  shares: ClaimShares = { perOrganization: DEFAULTS.perOrganization, perHost: DEFAULTS.perHost },
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const first = sql`d.attempts = 0`;
  const retry = sql`d.attempts > 0`;
  return claim(
    db,
    sql`recursive ${orgsSql("first_orgs", first)}, ${orgsSql("retry_orgs", retry)},
        picked as (${laneSql("first_orgs", first, at, shares, 0)}
                   union all ${laneSql("retry_orgs", retry, at, shares, 1)}),
        turns as (
          select id, lane, next_attempt_at,
                 row_number() over (partition by organization_id order by lane, next_attempt_at, id) as org_turn,
                 row_number() over (partition by host order by lane, next_attempt_at, id) as host_turn
            from picked),
        due as (
          select id from turns where org_turn <= ${shares.perOrganization} and host_turn <= ${shares.perHost}
           order by org_turn, lane, next_attempt_at, id
           limit ${limit})`,
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
      sql`due as (select id from webhook_deliveries where id = ${id} and organization_id = ${organizationId}
                   for update)`,
      new Date(now.getTime() + leaseMs),
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

/** One POST of a claimed delivery, signed with its organization's secret (never sent unsigned). */
async function attempt(
  deps: WebhookDeps,
  secrets: Map<number, string>,
  delivery: ClaimedDelivery,
): Promise<Attempt> {
  const attemptedAt = (deps.now ?? (() => new Date()))();
  const secret = secrets.get(delivery.organizationId);
  if (secret === undefined) {
    // The secret is unreadable until a member rotates it.
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
}

/**
 * Records attempts and outcomes in one statement. An outcome is written only while the claim still
 * holds (next_attempt_at is still its lease): a delivery re-claimed after an expired lease, or
 * resent by hand meanwhile, keeps the newer claim's state; its attempt is logged either way.
 */
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

/**
 * Puts claimed deliveries off until `until` without an attempt (a paused host): only where the
 * claim still holds, like an outcome.
 */
async function release(db: Db, deliveries: readonly ClaimedDelivery[], until: Date): Promise<void> {
  if (deliveries.length === 0) return;
  await db.execute(sql`
    update webhook_deliveries d set next_attempt_at = ${until.toISOString()}::timestamptz
      from unnest(${pgArray(deliveries.map((x) => x.id))}::bigint[],
                  ${pgArray(deliveries.map((x) => x.lease.toISOString()))}::timestamptz[]) as i(id, lease)
     where d.id = i.id and d.status = 'pending' and d.next_attempt_at = i.lease`);
}

/** Puts off every due, unclaimed delivery to a paused host (any organization's) until `until`. */
async function pauseHost(db: Db, host: string, now: Date, until: Date): Promise<void> {
  await db.execute(sql`
    update webhook_deliveries set next_attempt_at = ${until.toISOString()}::timestamptz
     where host = ${host} and status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz`);
}

/**
 * A process's sender (ADR 34): claims fairly (claimDue) as many deliveries as it has free slots,
 * POSTs each as soon as its host has room (`perHost`, 1 while a paused host is probed), and records
 * outcomes in batches as they come. A slow receiver holds only its organization's and its host's
 * slots; every other organization keeps being served. Deliveries claimed for a host whose breaker
 * is open are put off to the pause's end, not attempted.
 */
export class DeliveryPool {
  private readonly breakers: HostBreakers;
  private readonly limits: { concurrency: number; perOrganization: number; perHost: number; leaseMs: number };
  private inFlight = 0;
  private readonly byOrganization = new Map<number, number>();
  private readonly byHost = new Map<string, number>();
  /** Claimed deliveries waiting for their host's room (at most perHost per host: claimDue's share). */
  private readonly waiting = new Map<string, { delivery: ClaimedDelivery; secrets: Map<number, string> }[]>();
  private finished: Attempt[] = [];
  private writes: Promise<void> = Promise.resolve();
  private readonly settled = new Set<() => void>();
  private failure: unknown = null;

  constructor(private readonly deps: WebhookDeps) {
    this.breakers = deps.breakers ?? new HostBreakers();
    this.limits = {
      concurrency: deps.concurrency ?? DEFAULTS.concurrency,
      perOrganization: deps.perOrganization ?? DEFAULTS.perOrganization,
      perHost: deps.perHost ?? DEFAULTS.perHost,
      leaseMs: deps.leaseMs ?? DEFAULTS.leaseMs,
    };
  }

  private now(): Date {
    return (this.deps.now ?? (() => new Date()))();
  }

  /** Deliveries held (in flight or waiting for their host). */
  get held(): number {
    let waiting = 0;
    for (const list of this.waiting.values()) waiting += list.length;
    return this.inFlight + waiting;
  }

  /** Claims up to the free slots (and `max`), fairly, and starts them; answers how many were claimed. */
  async fill(max = Number.POSITIVE_INFINITY): Promise<number> {
    const free = Math.min(max, this.limits.concurrency - this.held);
    if (free <= 0) return 0;
    const now = this.now();
    const busyOrganizations = [...this.byOrganization]
      .filter(([, n]) => n >= this.limits.perOrganization)
      .map(([id]) => id);
    const busyHosts = [...this.byHost]
      .filter(([host, n]) => n >= this.breakers.limit(host, this.limits.perHost))
      .map(([host]) => host);
    const claimed = await claimDue(this.deps.db, now, free, this.limits.leaseMs, {
      perOrganization: this.limits.perOrganization,
      perHost: this.limits.perHost,
      busyOrganizations,
      busyHosts,
    });
    if (claimed.length === 0) return 0;
    const paused = new Map<number, ClaimedDelivery[]>();
    const go: ClaimedDelivery[] = [];
    for (const delivery of claimed) {
      const until = this.breakers.pausedUntil(delivery.host, now.getTime());
      if (until === null) go.push(delivery);
      else paused.set(until, [...(paused.get(until) ?? []), delivery]);
    }
    for (const [until, list] of paused) await release(this.deps.db, list, new Date(until));
    const secrets = await webhookSecrets(
      this.deps.db,
      this.deps.sealKey,
      go.map((d) => d.organizationId),
    );
    for (const delivery of go) {
      this.byOrganization.set(
        delivery.organizationId,
        (this.byOrganization.get(delivery.organizationId) ?? 0) + 1,
      );
      const queue = this.waiting.get(delivery.host) ?? [];
      queue.push({ delivery, secrets });
      this.waiting.set(delivery.host, queue);
    }
    for (const host of new Set(go.map((d) => d.host))) this.startWaiting(host);
    return claimed.length;
  }

  /** Starts the host's waiting deliveries while it has room. */
  private startWaiting(host: string): void {
    const queue = this.waiting.get(host);
    while (
      queue &&
      queue.length > 0 &&
      (this.byHost.get(host) ?? 0) < this.breakers.limit(host, this.limits.perHost)
    ) {
      const next = queue.shift();
      if (!next) break;
      this.start(next.delivery, next.secrets);
    }
    if (queue?.length === 0) this.waiting.delete(host);
  }

  private start(delivery: ClaimedDelivery, secrets: Map<number, string>): void {
    this.inFlight += 1;
    this.byHost.set(delivery.host, (this.byHost.get(delivery.host) ?? 0) + 1);
    const failed = (): Attempt => {
      // A sender breaks its promise never to throw: counted as a network failure, the slot freed.
      return {
        delivery,
        attemptedAt: this.now(),
        httpStatus: null,
        error: "webhooks.error.network",
        durationMs: 0,
      };
    };
    void attempt(this.deps, secrets, delivery)
      .catch(failed)
      .then((done) => this.finish(done));
  }

  private finish(done: Attempt): void {
    const { host, organizationId } = done.delivery;
    this.inFlight -= 1;
    this.decrement(this.byHost, host);
    this.decrement(this.byOrganization, organizationId);
    this.finished.push(done);
    const until = this.breakers.record(host, done, this.now().getTime());
    if (until !== null) {
      // Paused: what waits for the host is put off too, with the host's other due deliveries.
      const waiting = (this.waiting.get(host) ?? []).map((w) => w.delivery);
      this.waiting.delete(host);
      for (const d of waiting) this.decrement(this.byOrganization, d.organizationId);
      const untilDate = new Date(until);
      const now = this.now();
      this.write(async () => {
        await release(this.deps.db, waiting, untilDate);
        await pauseHost(this.deps.db, host, now, untilDate);
      });
    } else {
      this.startWaiting(host);
    }
    this.write(() => this.flush());
  }

  private decrement<K>(map: Map<K, number>, key: K): void {
    const n = (map.get(key) ?? 0) - 1;
    if (n <= 0) map.delete(key);
    else map.set(key, n);
  }

  /** Database writes one after another; a failed one is kept for settle() to throw. */
  private write(task: () => Promise<void>): void {
    this.writes = this.writes
      .then(task)
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => {
        for (const wake of this.settled) wake();
      });
  }

  private async flush(): Promise<void> {
    const batch = this.finished;
    this.finished = [];
    if (batch.length > 0) await recordAttempts(this.deps.db, batch, this.deps.random ?? Math.random, false);
  }

  /** Resolves when a slot frees (an outcome is written). */
  slotFreed(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.settled.delete(wake);
        resolve();
      };
      this.settled.add(wake);
    });
  }

  /** Waits for every held delivery's outcome to be written; throws a write's failure. */
  async settle(): Promise<void> {
    while (this.held > 0) await this.slotFreed();
    await this.writes;
    const failure = this.failure;
    this.failure = null;
    if (failure !== null) throw failure;
  }

  /** Throws (once) a write's failure, so the loop logs it. */
  takeFailure(): void {
    const failure = this.failure;
    this.failure = null;
    if (failure !== null) throw failure;
  }
}

/** A member's resend: the delivery POSTed now (a manual attempt), whatever its status or its host's breaker. */
export async function resendNow(deps: WebhookDeps, organizationId: number, id: number): Promise<boolean> {
  const now = (deps.now ?? (() => new Date()))();
  const claimed = await claimOne(deps.db, organizationId, id, now, deps.leaseMs ?? DEFAULTS.leaseMs);
  const [delivery] = claimed;
  if (!delivery) return false;
  const secrets = await webhookSecrets(deps.db, deps.sealKey, [delivery.organizationId]);
  await recordAttempts(deps.db, [await attempt(deps, secrets, delivery)], deps.random ?? Math.random, true);
  return true;
}

/**
 * One tick (tests, and a caller that wants a batch done): claims up to a batch of due deliveries
 * fairly, sends them within the shares, and waits for their outcomes. Answers how many were claimed.
 */
export async function deliverDueWebhooks(deps: WebhookDeps): Promise<number> {
  const pool = new DeliveryPool({ ...deps, concurrency: deps.batchSize ?? DEFAULTS.batchSize });
  const claimed = await pool.fill();
  await pool.settle();
  return claimed;
}

interface Logger {
  warn: (obj: object, msg: string) => void;
}

/**
 * The sending loop of roles `all` and `worker` (ADR 34): keeps the process's pool full, claiming
 * again as soon as a slot frees, and looks again every `intervalMs` when nothing was due. Several
 * processes may run it (claims skip each other's locks and leases). Answers the stop function,
 * which waits for the POSTs in flight and their outcomes.
 */
export function startWebhookDelivery(
  deps: WebhookDeps & { log: Logger },
  intervalMs: number,
): () => Promise<void> {
  const pool = new DeliveryPool({ ...deps, breakers: deps.breakers ?? new HostBreakers() });
  const concurrency = deps.concurrency ?? DEFAULTS.concurrency;
  const stop = startPoller({
    intervalMs,
    log: deps.log,
    failure: "sending delivery webhooks failed; trying again",
    tick: async () => {
      pool.takeFailure();
      const claimed = await pool.fill();
      // Full: claim again when a slot frees. Nothing due: look again later. Else at once.
      if (pool.held >= concurrency) return { wake: pool.slotFreed() };
      return claimed === 0 ? "idle" : "more";
    },
  });
  return async () => {
    await stop();
    await pool.settle().catch((err: unknown) => deps.log.warn({ err }, "recording webhook outcomes failed"));
  };
}
