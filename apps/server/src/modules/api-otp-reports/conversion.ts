import { queryRows, schema } from "@sms/db";
import {
  daysOf,
  OTP_CONVERSION_MAX_SENDERS,
  type OtpBlockReason,
  type TOtpConversion,
  type TOtpConversionCounts,
  type TOtpConversionQuery,
} from "@sms/domain";
import { desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";

const o = schema.apiOtpRequests;
const m = schema.messages;
const b = schema.otpGuardBlocks;
const h = schema.otpPrefixHolds;

/** One group of a grouping set: `set` 0 = (day, sender), 1 = (day), 2 = (sender), 3 = the period. */
interface CodeRow {
  set: number;
  day: string | null;
  sender: string | null;
  requests: number | string;
  verified: number | string;
  expired: number | string;
  failed: number | string;
  pending: number | string;
  median: number | string | null;
}
interface BlockRow {
  set: number;
  day: string | null;
  sender: string | null;
  blocked: number | string;
}

export interface ConversionGroup extends TOtpConversionCounts {
  day: string;
  sender: string;
}

const zero = (): TOtpConversionCounts => ({
  requests: 0,
  verified: 0,
  expired: 0,
  failed: 0,
  pending: 0,
  blocked: 0,
  conversion: null,
  median_verify_seconds: null,
});

const keyOf = (day: string | null, sender: string | null) => `${day ?? ""}\u0000${sender ?? ""}`;

/**
 * The period's codes and the guard's refusals, counted per Bangkok day and sender in one grouping-sets
 * statement each (the (organization_id, created_at) indexes): every slice of the answer, and the
 * export's rows, come from the same groups. A code's sender is its SMS's (messages is partitioned by
 * created_at: the join is held to the period's partitions, a day either side). A pending code past
 * its expiry counts as expired, as in the list.
 */
async function countGroups(scope: TenantScope, query: TOtpConversionQuery) {
  const { start, end } = query.range;
  const day = (column: SQL | unknown) => sql`to_char(${column} at time zone 'Asia/Bangkok', 'YYYY-MM-DD')`;
  const sender = sql`coalesce(${m.sender}, '')`;
  const senderIs = query.sender === undefined ? undefined : sql`${m.sender} = ${query.sender}`;
  const expired = sql`${o.status} = 'expired' or (${o.status} = 'pending' and ${o.expiresAt} <= now())`;
  const codes = await queryRows<CodeRow>(
    scope.db,
    sql`
      select grouping(${day(o.createdAt)}, ${sender})::int as set, ${day(o.createdAt)} as day, ${sender} as sender,
             count(*) filter (where ${o.status} <> 'resent') as requests,
             count(*) filter (where ${o.status} = 'verified') as verified,
             count(*) filter (where ${expired}) as expired,
             count(*) filter (where ${o.status} = 'failed') as failed,
             count(*) filter (where ${o.status} = 'pending' and ${o.expiresAt} > now()) as pending,
             percentile_cont(0.5) within group (order by extract(epoch from ${o.verifiedAt} - ${o.createdAt}))
               filter (where ${o.status} = 'verified' and ${o.verifiedAt} is not null) as median
        from ${o}
        left join ${m} on ${m.id} = ${o.messageId} and ${m.createdAt} = ${o.messageCreatedAt}
             and ${m.organizationId} = ${o.organizationId}
             and ${m.createdAt} >= ${new Date(start.getTime() - 86_400_000).toISOString()}::timestamptz
             and ${m.createdAt} < ${new Date(end.getTime() + 86_400_000).toISOString()}::timestamptz
       where ${scope.where(o, gte(o.createdAt, start), lt(o.createdAt, end), senderIs)}
       group by grouping sets ((${day(o.createdAt)}, ${sender}), (${day(o.createdAt)}), (${sender}), ())`,
  );
  const blocks = await queryRows<BlockRow>(
    scope.db,
    sql`
      select grouping(${day(b.createdAt)}, coalesce(${b.sender}, ''))::int as set, ${day(b.createdAt)} as day,
             coalesce(${b.sender}, '') as sender, count(*) as blocked
        from ${b}
       where ${scope.where(
         b,
         gte(b.createdAt, start),
         lt(b.createdAt, end),
         query.sender === undefined ? undefined : eq(b.sender, query.sender),
       )}
       group by grouping sets ((${day(b.createdAt)}, coalesce(${b.sender}, '')), (${day(b.createdAt)}),
                               (coalesce(${b.sender}, '')), ())`,
  );
  const groups = new Map<
    string,
    TOtpConversionCounts & { set: number; day: string | null; sender: string | null }
  >();
  const groupOf = (set: number, day: string | null, sender: string | null) => {
    const key = `${set}:${keyOf(day, sender)}`;
    let group = groups.get(key);
    if (!group) {
      group = { ...zero(), set, day, sender };
      groups.set(key, group);
    }
    return group;
  };
  for (const row of codes) {
    const group = groupOf(Number(row.set), row.day, row.sender);
    group.requests = Number(row.requests);
    group.verified = Number(row.verified);
    group.expired = Number(row.expired);
    group.failed = Number(row.failed);
    group.pending = Number(row.pending);
    group.median_verify_seconds = row.median === null ? null : Math.round(Number(row.median) * 10) / 10;
  }
  for (const row of blocks) groupOf(Number(row.set), row.day, row.sender).blocked = Number(row.blocked);
  for (const group of groups.values()) {
    group.conversion = group.requests > 0 ? group.verified / group.requests : null;
  }
  return [...groups.values()];
}

const counts = ({
  set: _set,
  day: _day,
  sender: _sender,
  ...rest
}: TOtpConversionCounts & Record<string, unknown>) => rest as TOtpConversionCounts;

/** GET /c/otp-requests/conversion (issue 28 point 3, ADR 99). */
export async function getOtpConversion(
  scope: TenantScope,
  query: TOtpConversionQuery,
): Promise<TOtpConversion> {
  const groups = await countGroups(scope, query);
  const totals = groups.find((g) => g.set === 3);
  const byDay = new Map(groups.filter((g) => g.set === 1).map((g) => [g.day, g]));
  const senders = groups
    .filter((g) => g.set === 2)
    .sort(
      (x, y) =>
        y.requests + y.blocked - (x.requests + x.blocked) || (x.sender ?? "").localeCompare(y.sender ?? ""),
    )
    .slice(0, OTP_CONVERSION_MAX_SENDERS)
    .map((g) => ({ sender: g.sender ?? "", ...counts(g) }));
  const { start, end } = query.range;
  const reasons = await scope.db
    .select({ reason: b.reason, requests: sql<number>`count(*)::int` })
    .from(b)
    .where(
      scope.where(
        b,
        gte(b.createdAt, start),
        lt(b.createdAt, end),
        query.sender === undefined ? undefined : eq(b.sender, query.sender),
      ),
    )
    .groupBy(b.reason)
    .orderBy(desc(sql`count(*)`), b.reason);
  const holds = await scope.db
    .select()
    .from(h)
    .where(scope.where(h, sql`${h.releasedAt} is null`, sql`${h.heldUntil} > now()`))
    .orderBy(desc(h.heldAt), h.prefix);
  const recent = await scope.db
    .select({ id: b.id, msisdn: b.msisdn, sender: b.sender, reason: b.reason, createdAt: b.createdAt })
    .from(b)
    .where(
      scope.where(
        b,
        gte(b.createdAt, start),
        lt(b.createdAt, end),
        query.sender === undefined ? undefined : eq(b.sender, query.sender),
      ),
    )
    .orderBy(desc(b.createdAt), desc(b.id))
    .limit(20);
  return {
    start: start.toISOString(),
    end: end.toISOString(),
    first_day: query.firstDay,
    last_day: query.lastDay,
    totals: totals ? counts(totals) : zero(),
    days: daysOf(query.firstDay, query.lastDay).map((day) => {
      const group = byDay.get(day);
      return { day, ...(group ? counts(group) : zero()) };
    }),
    senders,
    blocked_reasons: reasons.map((r) => ({
      reason: r.reason as OtpBlockReason,
      requests: Number(r.requests),
    })),
    holds: holds.map((hold) => ({
      prefix: hold.prefix,
      requests: hold.requests,
      verified: hold.verified,
      rate: hold.rate,
      baseline: hold.baseline,
      held_at: hold.heldAt.toISOString(),
      held_until: hold.heldUntil.toISOString(),
    })),
    recent_blocks: recent.map((row) => ({
      id: row.id,
      msisdn: row.msisdn,
      sender: row.sender,
      reason: row.reason as OtpBlockReason,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** The export's rows: every (day, sender) group of the period, by day then sender. */
export async function otpConversionRows(
  scope: TenantScope,
  query: TOtpConversionQuery,
): Promise<ConversionGroup[]> {
  const groups = await countGroups(scope, query);
  return groups
    .filter((g) => g.set === 0)
    .map((g) => ({ day: g.day ?? "", sender: g.sender ?? "", ...counts(g) }))
    .sort((x, y) => x.day.localeCompare(y.day) || x.sender.localeCompare(y.sender));
}
