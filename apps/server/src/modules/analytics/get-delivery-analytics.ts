import { type Db, queryRows, SliceSize, schema } from "@sms/db";
import {
  ANALYTICS_MAX_GROUPS,
  ANALYTICS_MAX_REASONS,
  daysOf,
  OPERATOR_NONE,
  type OperatorPrefix,
  operatorOf,
  type TDeliveryAnalytics,
  type TDeliveryAnalyticsQuery,
  type TDeliveryCounts,
  type TFailureReason,
} from "@sms/domain";
import { and, inArray, type SQL, sql } from "drizzle-orm";
import { findCampaign, type MessageFilter, messageWhere, type ReportViewer } from "../campaigns/index.ts";

const m = schema.messages;
const c = schema.campaigns;

/**
 * Rows read per statement: the first slice's size; on the embedded database later slices aim at
 * 40 ms of its one session (ADR 29, 53); PostgreSQL, whose pool lets requests run beside, reads the
 * rest in slices of UNMEASURED_SLICE_ROWS.
 */
const FIRST_SLICE_ROWS = 20_000;
const UNMEASURED_SLICE_ROWS = 500_000;

type Status = (typeof schema.MESSAGE_STATUSES)[number];

interface SliceRow {
  day: string;
  campaign_id: string | number | null;
  sender: string | null;
  block: string | null;
  status: Status;
  state: number | null;
  code: string | null;
  n: string | number;
  last_at: string;
  last_id: string | number;
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

/** The operator ranges of operator_prefixes, the data the router reads (issue 26): never copied. */
async function loadRanges(db: Db): Promise<OperatorPrefix[]> {
  const ranges = schema.operatorPrefixes;
  return db.select({ prefix: ranges.prefix, operator: ranges.operator }).from(ranges);
}

/**
 * GET /c/analytics/delivery (ADR 95): the period's messages counted by Bangkok day, status, failure
 * reason and the breakdown's key, set-based, in keyset slices along the (organization_id,
 * created_at, id) index over the period's partitions only. Each slice groups its rows in the
 * database (only the columns the answer needs), and the slices' groups are summed here.
 *
 * A recipient's operator is its longest matching range (`operatorOf`, the router's rule): the
 * statement groups by the recipient's first K digits, K the longest range, so a block belongs to one
 * operator, looked up once per block.
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
  const operators = new Map<string, string>();
  const operatorOfBlock = (block: string): string => {
    let operator = operators.get(block);
    if (operator === undefined) {
      operator = operatorOf(block, ranges) ?? OPERATOR_NONE;
      operators.set(block, operator);
    }
    return operator;
  };

  const days = new Map(daysOf(query.firstDay, query.lastDay).map((day) => [day, zero()]));
  const totals = zero();
  const reasons = new Map<string, TFailureReason>();
  const groups = new Map<string, Group>();

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
               where ${messageWhere(scope, filter)} ${after}
               order by ${m.createdAt}, ${m.id}
               limit ${size}
            ), last as (
              select created_at::text as at, id from s order by created_at desc, id desc limit 1
            )
            select to_char(g.created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day,
                   g.campaign_id, g.sender, g.block, g.status, g.state, g.code, sum(g.n) as n,
                   (select at from last) as last_at, (select id from last) as last_id
              from (
                -- Every message of a send has its acceptance time: grouping by the instant first
                -- turns it into a Bangkok day once per send, not once per message.
                select s.created_at, s.campaign_id, s.sender, s.block, s.status,
                       case when s.status = 'failed' then s.state end as state,
                       case when s.status = 'failed' then coalesce(s.code, '') end as code,
                       count(*) as n
                  from s
                 group by 1, 2, 3, 4, 5, 6, 7
              ) g
             group by 1, 2, 3, 4, 5, 6, 7`,
      ),
    }));
    let read = 0;
    for (const row of rows) {
      const n = Number(row.n);
      read += n;
      const operator = row.block === null ? null : operatorOfBlock(row.block);
      if (query.operator !== undefined && operator !== query.operator) continue;
      add(totals, row.status, n);
      const day = days.get(row.day);
      if (day) add(day, row.status, n);
      if (row.state !== null && row.code !== null) addReason(reasons, row.state, row.code, n);
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
    }
    const last = rows[0];
    if (read < size || !last) break;
    cursor = { at: last.last_at, id: Number(last.last_id) };
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
    days: [...days].map(([day, counts]) => ({ day, ...counts })),
    reasons: [...reasons.values()].sort(byMessages).slice(0, ANALYTICS_MAX_REASONS),
    groups: top.map(([key, group]) => ({
      key,
      name: names.get(key) ?? key,
      messages: group.messages,
      delivered: group.delivered,
      failed: group.failed,
      top_reason: [...group.reasons.values()].sort(byMessages)[0] ?? null,
    })),
    group_count: groups.size,
  };
}
