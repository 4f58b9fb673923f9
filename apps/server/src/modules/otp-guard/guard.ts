import { type Db, pgArray, queryRows, type Tx } from "@sms/db";
import { OTP_GUARD, type OtpBlockReason, otpGuardLimits, otpGuardPrefixOf } from "@sms/domain";
import { sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";

/**
 * The OTP fraud guard on POST /api/v2/otp/request (issue 28 point 2, ADR 98), in front of the code
 * and its charge: the number-range deny list, the prefixes the anomaly detection holds for the
 * organization, and the requests per organization and per prefix in 10-minute windows. One
 * statement per batch of requests reads the deny list and the holds and counts the requests neither
 * refuses (checkOtpRequests, in the group commit's transaction since ADR 107); a refusal is recorded
 * in otp_guard_blocks (the OTP report shows it) and nothing is sent or charged. The public API's
 * pumping guard (public-api/safety.ts) still counts the send's numbers in the send's transaction;
 * its refusals are recorded here too.
 */

export interface OtpGuardRequest {
  organizationId: number;
  /** 66 form. */
  msisdn: string;
  /** The sender the code would go out under. */
  sender: string;
  /** The organization's API safety settings (the request limits follow them: otpGuardLimits). */
  settings: { rateLimitPerSecond: number; pumpPrefixMax: number };
  /** Tests' clock. */
  now?: Date;
}

const windowStartOf = (at: Date): Date => {
  const ms = OTP_GUARD.windowSeconds * 1000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
};

const secondsLeft = (until: Date, now: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** One row of the guard's statement: a deny-listed or held request (by its place), or a counter as upserted. */
interface GuardRow {
  what: "deny" | "hold" | "count";
  ord: number | null;
  kind: string | null;
  prefix: string | null;
  held_until: Date | string | null;
  org: number | null;
  bucket: string | null;
  requests: number | null;
}

/** A refusal of the guard, in the v2 shapes the OTP scope answers (otp-errors.ts). */
const refusals = {
  denied: (prefix: string) =>
    new AppError("FORBIDDEN", {
      messageKey: "api_otp.destination_blocked",
      params: { prefix },
      reason: "otp_destination_denied",
    }),
  held: (prefix: string, seconds: number) =>
    new AppError("RATE_LIMITED", {
      messageKey: "api_otp.destination_held",
      params: { prefix, seconds, minutes: Math.ceil(seconds / 60) },
      reason: "otp_prefix_held",
    }),
  orgLimit: (limit: number, seconds: number) =>
    new AppError("RATE_LIMITED", {
      messageKey: "api_otp.organization_limit",
      params: { limit, minutes: OTP_GUARD.windowSeconds / 60, seconds },
      reason: "otp_guard_limit",
    }),
  prefixLimit: (limit: number, prefix: string, seconds: number) =>
    new AppError("RATE_LIMITED", {
      messageKey: "api_otp.prefix_limit",
      params: { limit, prefix, minutes: OTP_GUARD.windowSeconds / 60, seconds },
      reason: "otp_guard_limit",
    }),
};

/**
 * The guard over requests in arrival order (a group-committed batch of codes, ADR 107, or one
 * request): answers, for each, null to let it through or the AppError it is refused with, and
 * records the refusals in otp_guard_blocks. ONE statement reads the deny list (longest matching
 * prefix) and the organizations' live holds on the numbers' prefixes and, for the requests neither
 * refuses, adds them to their counters (`org`, and `prefix:<7 digits>` while the prefix limit is
 * on) with one upsert per counter row, returning each row's new total. The upsert locks the row until
 * the caller's transaction ends, so the totals are exact: the counter stood at its total minus what
 * this statement added, and the requests of the list are numbered on from there in their order,
 * as one request at a time would have been. A request over a limit is counted too (as it was one
 * by one: its window is full anyway). Run in the batch's transaction, a rolled-back batch takes its
 * counts and blocks with it.
 */
export async function checkOtpRequests(
  db: Db | Tx,
  requests: readonly OtpGuardRequest[],
  now = new Date(),
): Promise<(AppError | null)[]> {
  if (requests.length === 0) return [];
  const windowStart = windowStartOf(now);
  const plans = requests.map((request, ord) => {
    const prefix = otpGuardPrefixOf(request.msisdn);
    const limits = otpGuardLimits(request.settings);
    // The `org` bucket is always counted: the anomaly detection reads it to find the active organizations.
    const buckets = limits.prefixMax > 0 ? ["org", `prefix:${prefix}`] : ["org"];
    return { ord, request, prefix, limits, buckets };
  });
  const counted = plans.flatMap((p) => p.buckets.map((bucket) => ({ ord: p.ord, bucket })));
  const rows = await queryRows<GuardRow>(
    db as Db,
    sql`
      with r as (
        select * from unnest(${pgArray(plans.map((p) => p.ord))}::int[],
                             ${pgArray(plans.map((p) => p.request.organizationId))}::int[],
                             ${pgArray(plans.map((p) => p.request.msisdn))}::text[],
                             ${pgArray(plans.map((p) => p.prefix))}::text[]) as r(ord, org, msisdn, prefix)
      ), deny as (
        select distinct on (r.ord) r.ord, d.prefix, d.kind
          from r join otp_deny_ranges d on starts_with(r.msisdn, d.prefix)
         order by r.ord, length(d.prefix) desc
      ), hold as (
        select r.ord, h.held_until
          from r join otp_prefix_holds h on h.organization_id = r.org and h.prefix = r.prefix
         where h.released_at is null and h.held_until > ${now.toISOString()}::timestamptz
      ), adds as (
        select r.org, b.bucket, count(*)::int as n
          from unnest(${pgArray(counted.map((c) => c.ord))}::int[],
                      ${pgArray(counted.map((c) => c.bucket))}::text[]) as b(ord, bucket)
          join r on r.ord = b.ord
         where not exists (select 1 from deny where deny.ord = b.ord)
           and not exists (select 1 from hold where hold.ord = b.ord)
         group by r.org, b.bucket
      ), counted as (
        insert into otp_guard_counters (organization_id, window_start, bucket, requests)
        select adds.org, ${windowStart.toISOString()}::timestamptz, adds.bucket, adds.n
          from adds
         order by adds.org, adds.bucket
        on conflict (organization_id, window_start, bucket)
        do update set requests = otp_guard_counters.requests + excluded.requests
        returning organization_id, bucket, requests
      )
      select 'deny' as what, ord, kind, prefix, null::timestamptz as held_until, null::int as org,
             null::text as bucket, null::int as requests
        from deny
      union all
      select 'hold', ord, null, null, held_until, null, null, null from hold
      union all
      select 'count', null, null, null, null, organization_id, bucket, requests from counted`,
  );
  const denied = new Map<number, string>();
  const held = new Map<number, Date>();
  const totals = new Map<string, number>();
  const keyOf = (org: number, bucket: string) => `${org} ${bucket}`;
  for (const row of rows) {
    if (row.what === "deny") denied.set(Number(row.ord), row.prefix ?? "");
    else if (row.what === "hold" && row.held_until !== null)
      held.set(Number(row.ord), new Date(row.held_until));
    else if (row.what === "count") totals.set(keyOf(Number(row.org), row.bucket ?? ""), Number(row.requests));
  }
  // Each counter stood at its total minus what this statement added; number the requests on from there.
  const counts = new Map<string, number>(totals);
  for (const p of plans) {
    if (denied.has(p.ord) || held.has(p.ord)) continue;
    for (const bucket of p.buckets) {
      const key = keyOf(p.request.organizationId, bucket);
      counts.set(key, (counts.get(key) ?? 0) - 1);
    }
  }
  const seconds = secondsLeft(new Date(windowStart.getTime() + OTP_GUARD.windowSeconds * 1000), now);
  const refused: { request: OtpGuardRequest; reason: OtpBlockReason }[] = [];
  const verdicts = plans.map((p): AppError | null => {
    const refuse = (reason: OtpBlockReason, error: AppError) => {
      refused.push({ request: p.request, reason });
      return error;
    };
    const deniedPrefix = denied.get(p.ord);
    if (deniedPrefix !== undefined) return refuse("deny_listed", refusals.denied(deniedPrefix || p.prefix));
    const until = held.get(p.ord);
    if (until !== undefined) return refuse("prefix_held", refusals.held(p.prefix, secondsLeft(until, now)));
    const numbered = new Map<string, number>();
    for (const bucket of p.buckets) {
      const key = keyOf(p.request.organizationId, bucket);
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      numbered.set(bucket, n);
    }
    const { orgMax, prefixMax } = p.limits;
    if (orgMax > 0 && (numbered.get("org") ?? 0) > orgMax) {
      return refuse("org_limit", refusals.orgLimit(orgMax, seconds));
    }
    if (prefixMax > 0 && (numbered.get(`prefix:${p.prefix}`) ?? 0) > prefixMax) {
      return refuse("prefix_limit", refusals.prefixLimit(prefixMax, p.prefix, seconds));
    }
    return null;
  });
  await recordOtpBlocks(db, refused, now);
  return verdicts;
}

/** Refuses the request (an AppError the OTP scope answers in the v2 shape) or counts it. */
export async function checkOtpRequest(db: Db, request: OtpGuardRequest): Promise<void> {
  const [verdict] = await checkOtpRequests(db, [request], request.now);
  if (verdict) throw verdict;
}

/**
 * Records refused requests, one statement: never sent, never charged; the OTP report counts them
 * as blocked.
 */
export async function recordOtpBlocks(
  db: Db | Tx,
  blocks: readonly { request: OtpGuardRequest; reason: OtpBlockReason }[],
  now = new Date(),
): Promise<void> {
  if (blocks.length === 0) return;
  await db.execute(
    sql`insert into otp_guard_blocks (organization_id, msisdn, prefix, sender, reason, created_at)
        select * from unnest(${pgArray(blocks.map((b) => b.request.organizationId))}::int[],
                             ${pgArray(blocks.map((b) => b.request.msisdn))}::text[],
                             ${pgArray(blocks.map((b) => otpGuardPrefixOf(b.request.msisdn)))}::text[],
                             ${pgArray(blocks.map((b) => b.request.sender))}::text[],
                             ${pgArray(blocks.map((b) => b.reason))}::text[],
                             ${pgArray(blocks.map((b) => (b.request.now ?? now).toISOString()))}::timestamptz[])`,
  );
}

/**
 * The one-by-one path's call (a free-trial organization's codes, ADR 32): checks the request (its
 * counts committed at once), runs `issue` (the code and its send), and records a refusal of the
 * public API's pumping guard as blocked too (the send's transaction rolled back, so after it).
 * The group commit runs checkOtpRequests in its batch's transaction instead (ADR 107).
 */
export async function guardOtpRequest<T>(
  db: Db,
  request: OtpGuardRequest,
  issue: () => Promise<T>,
): Promise<T> {
  await checkOtpRequest(db, request);
  try {
    return await issue();
  } catch (error) {
    if (error instanceof AppError && error.reason === "pumping_suspected") {
      await recordOtpBlocks(db, [{ request, reason: "pumping" }]);
    }
    throw error;
  }
}

/**
 * Upkeep: counter windows past the anomaly detection's lookback (it finds the organizations to judge
 * by their `org` counters of the last hour) and two windows more.
 */
export async function pruneOtpGuardCounters(db: Db, now = new Date()): Promise<void> {
  const keepSeconds = OTP_GUARD.lookbackMinutes * 60 + OTP_GUARD.windowSeconds * 2;
  await db.execute(
    sql`delete from otp_guard_counters
         where window_start < ${new Date(now.getTime() - keepSeconds * 1000).toISOString()}::timestamptz`,
  );
}
