import { queryRows, schema } from "@sms/db";
import { MESSAGE_STATUSES, type TMessagesQuery, type TMessagesSummary } from "@sms/domain";
import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";
import { type MessageFilter, messageWhere, resolveMessageFilter } from "./message-filter.ts";
import type { ReportViewer } from "./reports.ts";

const m = schema.messages;

type StatusCounts = TMessagesSummary["messages"];
type Status = (typeof MESSAGE_STATUSES)[number];

/** Rows read per statement by `tallyMessages` (ADR 53). */
export const TALLY_SLICE_ROWS = 20_000;

export interface MessageTally {
  messages: StatusCounts;
  credits: StatusCounts;
  total: number;
}

/**
 * How many messages the filter holds, and their credits, by status: read in keyset slices of
 * TALLY_SLICE_ROWS along the (organization_id, created_at, id) index, one statement each, so a
 * month of a large organization never holds the embedded database's one session for seconds
 * (ADR 53). The cursor keeps created_at as text: microseconds survive the round trip.
 */
export async function tallyMessages(
  scope: TenantScope,
  filter: MessageFilter,
  sliceRows = TALLY_SLICE_ROWS,
): Promise<MessageTally> {
  const messages = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as StatusCounts;
  const credits = { ...messages };
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL = cursor
      ? sql`and (${m.createdAt}, ${m.id}) > (${cursor.at}::timestamptz, ${cursor.id})`
      : sql``;
    const rows = await queryRows<{
      status: Status;
      n: unknown;
      credits: unknown;
      last_at: string;
      last_id: unknown;
    }>(
      scope.db,
      sql`with s as (
            select ${m.createdAt} as created_at, ${m.id} as id, ${m.status} as status, ${m.credits} as credits
              from ${m}
             where ${messageWhere(scope, filter)} ${after}
             order by ${m.createdAt}, ${m.id}
             limit ${sliceRows}
          ), last as (
            select created_at::text as at, id from s order by created_at desc, id desc limit 1
          )
          select s.status, count(*) as n, coalesce(sum(s.credits), 0) as credits,
                 (select at from last) as last_at, (select id from last) as last_id
            from s group by s.status`,
    );
    let read = 0;
    for (const row of rows) {
      messages[row.status] += Number(row.n);
      credits[row.status] += Number(row.credits);
      read += Number(row.n);
    }
    const last = rows[0];
    if (read < sliceRows || !last) break;
    cursor = { at: last.last_at, id: Number(last.last_id) };
  }
  return { messages, credits, total: Object.values(messages).reduce((a, b) => a + b, 0) };
}

/**
 * GET /c/messages/summary: the totals of exactly the messages GET /c/messages lists for the same
 * filter, tallied in slices (tallyMessages).
 */
export async function summarizeMessages(
  viewer: ReportViewer,
  query: TMessagesQuery,
): Promise<TMessagesSummary> {
  const filter = await resolveMessageFilter(viewer, query);
  const tally = await tallyMessages(viewer.scope, filter);
  return {
    total: tally.total,
    credits: Object.values(tally.credits).reduce((a, b) => a + b, 0),
    messages: tally.messages,
    status_credits: tally.credits,
    start: filter.start.toISOString(),
    end: filter.end.toISOString(),
  };
}
