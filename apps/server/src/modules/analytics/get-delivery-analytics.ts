import { type Db, queryRows, SliceSize, schema } from "@sms/db";
import {
  ANALYTICS_MAX_GROUPS,
  ANALYTICS_MAX_REASONS,
  daysOf,
  OPERATOR_NONE,
  type OperatorPrefix,
  type TDeliveryAnalytics,
  type TDeliveryAnalyticsQuery,
  type TDeliveryCounts,
  type TFailureReason,
} from "@sms/domain";
import { and, between, eq, inArray, notExists, type SQL, sql } from "drizzle-orm";
import { findCampaign, type MessageFilter, messageWhere, type ReportViewer } from "../campaigns/index.ts";

const m = schema.messages;
const c = schema.campaigns;
const rolled = schema.messageAnalyticsDaily;
const counted = schema.messageAnalyticsDays;
const stale = schema.messageAnalyticsStale;

/**
 * Rows read per statement: the first slice's size; on the embedded database later slices aim at
 * 40 ms of its one session (ADR 29, 53); PostgreSQL, whose pool lets requests run beside, reads the
 * rest in slices of UNMEASURED_SLICE_ROWS.
 */
const FIRST_SLICE_ROWS = 20_000;
const UNMEASURED_SLICE_ROWS = 500_000;

type Status = (typeof schema.MESSAGE_STATUSES)[number];

/** One group of messages, from the rollup or a slice of the messages; operator null unless asked. */
interface CountRow {
  day: string;
  campaign_id: string | number | null;
  sender: string | null;
  operator: string | null;
  status: Status;
  state: number | null;
  code: string | null;
  n: string | number;
}

interface SliceRow extends CountRow {
  last_at: string;
  last_id: string | number;
}

/** The instant a Bangkok day starts (Thailand keeps no daylight saving time). */
const dayStart = (day: string): Date => new Date(`${day}T00:00:00+07:00`);
const DAY_MS = 86_400_000;

/**
 * The days of the period the roll job has counted and nothing has changed since (ADR 106), among
 * those the period holds whole.
 */
async function countedDays(viewer: ReportViewer, query: TDeliveryAnalyticsQuery): Promise<Set<string>> {
  const { scope } = viewer;
  const rows = await scope.db
    .select({ day: sql<string>`${counted.day}::text` })
    .from(counted)
    .where(
      scope.where(
        counted,
        between(counted.day, query.firstDay, query.lastDay),
        notExists(
          scope.db
            .select({ one: sql`1` })
            .from(stale)
            .where(and(eq(stale.organizationId, counted.organizationId), eq(stale.day, counted.day))),
        ),
      ),
    );
  const whole = (day: string) =>
    dayStart(day) >= query.range.start && dayStart(day).getTime() + DAY_MS <= query.range.end.getTime();
  return new Set(rows.map((row) => row.day).filter(whole));
}

/** The stretches of the period not counted: consecutive days read from the messages together. */
function uncountedWindows(query: TDeliveryAnalyticsQuery, days: Set<string>): { start: Date; end: Date }[] {
  const windows: { start: Date; end: Date }[] = [];
  for (const day of daysOf(query.firstDay, query.lastDay)) {
    if (days.has(day)) continue;
    const start = new Date(Math.max(dayStart(day).getTime(), query.range.start.getTime()));
    const end = new Date(Math.min(dayStart(day).getTime() + DAY_MS, query.range.end.getTime()));
    if (end <= start) continue;
    const last = windows.at(-1);
    if (last && last.end.getTime() === start.getTime()) last.end = end;
    else windows.push({ start, end });
  }
  return windows;
}

interface Group extends TDeliveryCounts {
  reasons: Map<string, TFailureReason>;
}

const zero = (): TDeliveryCounts => ({ messages: 0, delivered: 0, failed: 0 });

function add(into: TDeliveryCounts, status: Status, n: number): void {
  into.messages += n;
  if (status === "delivered") into.delivered += n;
  else if (status === "failed") into.failed += n;
}

function addReason(into: Map<string, TFailureReason>, state: number, code: string, n: number): void {
  const key = `${state}/${code}`;
  const reason = into.get(key);
  if (reason) reason.messages += n;
  else into.set(key, { state, code, messages: n });
}

const byMessages = <T extends { messages: number }>(a: T, b: T) => b.messages - a.messages;

/**
 * The most frequent reason, or null; a tie goes to the lowest (state, code), so the rollup and the
 * messages, which count in different orders, name the same one.
 */
const topReason = (reasons: Map<string, TFailureReason>): TFailureReason | null =>
  [...reasons.values()].sort(
    (a, b) =>
      b.messages - a.messages || a.state - b.state || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  )[0] ?? null;

/** The operator ranges of operator_prefixes, the data the router reads (issue 26): never copied. */
async function loadRanges(db: Db): Promise<OperatorPrefix[]> {
  const ranges = schema.operatorPrefixes;
  return db.select({ prefix: ranges.prefix, operator: ranges.operator }).from(ranges);
}

/**
 * GET /c/analytics/delivery (ADR 95, 106): the period's messages counted by Bangkok day, status,
 * failure reason and the breakdown's key. The days the engine's roll job counted (and nothing changed
 * since) come from its rollup; every other stretch is counted set-based, in keyset slices along the
 * (organization_id, created_at, id) index over its partitions only. Each slice groups its rows in the
 * database (only the columns the answer needs), and the groups are summed here.
 *
 * A recipient's operator is its longest matching range (`operatorOf`'s rule, the router's): the
 * statement groups by the recipient's first K digits, K the longest range, and looks each block's
 * operator up once, in the database (so a slice answers a few groups, not one per block).
 */
export async function getDeliveryAnalytics(
  viewer: ReportViewer,
  query: TDeliveryAnalyticsQuery,
): Promise<TDeliveryAnalytics> {
  const { scope } = viewer;
  if (query.campaign_id !== undefined) await findCampaign(viewer, query.campaign_id);
  const filter: MessageFilter = {
    start: query.range.start,
    end: query.range.end,
    campaignId: query.campaign_id,
    sender: query.sender,
    ownUserId: viewer.ownUserId,
  };
  const needOperator = query.by === "operator" || query.operator !== undefined;
  const ranges = needOperator ? await loadRanges(scope.db) : [];
  const blockLength = Math.max(0, ...ranges.map((range) => range.prefix.length));

  const days = new Map<string, Group>(
    daysOf(query.firstDay, query.lastDay).map((day) => [day, { ...zero(), reasons: new Map() }]),
  );
  const totals = zero();
  const reasons = new Map<string, TFailureReason>();
  const groups = new Map<string, Group>();

  const count = (row: CountRow): number => {
    const n = Number(row.n);
    const operator = row.operator;
    if (query.operator !== undefined && operator !== query.operator) return n;
    add(totals, row.status, n);
    const day = days.get(row.day);
    if (day) add(day, row.status, n);
    if (row.state !== null && row.code !== null) {
      addReason(reasons, row.state, row.code, n);
      if (day) addReason(day.reasons, row.state, row.code, n);
    }
    const key =
      query.by === "campaign"
        ? String(row.campaign_id)
        : query.by === "sender"
          ? (row.sender ?? "")
          : (operator ?? OPERATOR_NONE);
    let group = groups.get(key);
    if (!group) {
      group = { ...zero(), reasons: new Map() };
      groups.set(key, group);
    }
    add(group, row.status, n);
    if (row.state !== null && row.code !== null) addReason(group.reasons, row.state, row.code, n);
    return n;
  };

  // The days the roll job counted (ADR 106): their groups, as the rollup keeps them.
  const countedInPeriod = await countedDays(viewer, query);
  if (countedInPeriod.size > 0) {
    const rows = await scope.db
      .select({
        day: sql<string>`${rolled.day}::text`,
        campaign_id: query.by === "campaign" ? rolled.campaignId : sql<null>`null::bigint`,
        sender: query.by === "sender" ? rolled.sender : sql<null>`null::text`,
        operator: needOperator ? rolled.operator : sql<null>`null::text`,
        status: rolled.status,
        state: rolled.state,
        code: rolled.code,
        n: sql<string>`sum(${rolled.messages})`,
      })
      .from(rolled)
      .where(
        scope.where(
          rolled,
          inArray(rolled.day, [...countedInPeriod]),
          query.campaign_id !== undefined ? eq(rolled.campaignId, query.campaign_id) : undefined,
          query.sender !== undefined ? eq(rolled.sender, query.sender) : undefined,
          query.operator !== undefined ? eq(rolled.operator, query.operator) : undefined,
          viewer.ownUserId === null
            ? undefined
            : inArray(
                rolled.campaignId,
                scope.db
                  .select({ id: c.id })
                  .from(c)
                  .where(scope.where(c, eq(c.userId, viewer.ownUserId))),
              ),
        ),
      )
      .groupBy(sql`1, 2, 3, 4, 5, 6, 7`);
    for (const row of rows) count(row);
  }

  // The rest (today, days not counted yet or changed since): from the messages, window by window.
  const columns = {
    campaign: query.by === "campaign" ? sql`${m.campaignId}` : sql`null::bigint`,
    sender: query.by === "sender" ? sql`${m.sender}` : sql`null::text`,
    block: needOperator ? sql`left(${m.recipient}, ${blockLength}::int)` : sql`null::text`,
  };
  const slices = new SliceSize({
    initial: FIRST_SLICE_ROWS,
    unmeasured: UNMEASURED_SLICE_ROWS,
    min: 1_000,
    max: UNMEASURED_SLICE_ROWS,
  });
  for (const window of uncountedWindows(query, countedInPeriod)) {
    const inWindow = messageWhere(scope, { ...filter, start: window.start, end: window.end });
    let cursor: { at: string; id: number } | null = null;
    for (;;) {
      const after: SQL = cursor
        ? sql`and (${m.createdAt}, ${m.id}) > (${cursor.at}::timestamptz, ${cursor.id})`
        : sql``;
      const { rows, size } = await slices.run(async (size) => ({
        size,
        rows: await queryRows<SliceRow>(
          scope.db,
          sql`with s as (
              select ${m.createdAt} as created_at, ${m.id} as id, ${m.status} as status,
                     ${m.state} as state, ${m.code} as code, ${columns.campaign} as campaign_id,
                     ${columns.sender} as sender, ${columns.block} as block
                from ${m}
               where ${inWindow} ${after}
               order by ${m.createdAt}, ${m.id}
               limit ${size}
            ), last as (
              select created_at::text as at, id from s order by created_at desc, id desc limit 1
            ),
            -- Every message of a send has its acceptance time: grouping by the instant first
            -- turns it into a Bangkok day once per send, not once per message.
            g as (
              select s.created_at, s.campaign_id, s.sender, s.block, s.status,
                     case when s.status = 'failed' then s.state end as state,
                     case when s.status = 'failed' then coalesce(s.code, '') end as code,
                     count(*) as n
                from s
               group by 1, 2, 3, 4, 5, 6, 7
            ),
            -- Each block's operator, looked up once: its longest range (operatorOf's rule).
            ops as (
              select b.block,
                     coalesce((select p.operator from operator_prefixes p
                                where starts_with(b.block, p.prefix)
                                order by length(p.prefix) desc limit 1), ${OPERATOR_NONE}) as operator
                from (select distinct block from g where block is not null) b
            )
            select to_char(g.created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day,
                   g.campaign_id, g.sender, o.operator, g.status, g.state, g.code, sum(g.n) as n,
                   (select at from last) as last_at, (select id from last) as last_id
              from g left join ops o on o.block = g.block
             group by 1, 2, 3, 4, 5, 6, 7`,
        ),
      }));
      let read = 0;
      for (const row of rows) read += count(row);
      const last = rows[0];
      if (read < size || !last) break;
      cursor = { at: last.last_at, id: Number(last.last_id) };
    }
  }

  const top = [...groups.entries()]
    .sort(([ka, a], [kb, b]) => b.messages - a.messages || ka.localeCompare(kb))
    .slice(0, ANALYTICS_MAX_GROUPS);
  const names = new Map<string, string>();
  if (query.by === "campaign" && top.length > 0) {
    const rows = await scope.db
      .select({ id: c.id, name: c.name })
      .from(c)
      .where(
        and(
          scope.where(c),
          inArray(
            c.id,
            top.map(([key]) => Number(key)),
          ),
        ),
      );
    for (const row of rows) names.set(String(row.id), row.name);
  }
  return {
    start: query.range.start.toISOString(),
    end: query.range.end.toISOString(),
    first_day: query.firstDay,
    last_day: query.lastDay,
    by: query.by,
    totals,
    days: [...days].map(([day, counts]) => ({
      day,
      messages: counts.messages,
      delivered: counts.delivered,
      failed: counts.failed,
      top_reason: topReason(counts.reasons),
    })),
    reasons: [...reasons.values()].sort(byMessages).slice(0, ANALYTICS_MAX_REASONS),
    groups: top.map(([key, group]) => ({
      key,
      name: names.get(key) ?? key,
      messages: group.messages,
      delivered: group.delivered,
      failed: group.failed,
      top_reason: topReason(group.reasons),
    })),
    group_count: groups.size,
  };
}
