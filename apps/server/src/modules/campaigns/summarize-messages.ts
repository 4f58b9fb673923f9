import { schema } from "@sms/db";
import { MESSAGE_STATUSES, type TMessagesQuery, type TMessagesSummary } from "@sms/domain";
import { count, sql } from "drizzle-orm";
import { messageWhere, resolveMessageFilter } from "./message-filter.ts";
import type { ReportViewer } from "./reports.ts";

const m = schema.messages;

type StatusCounts = TMessagesSummary["messages"];

/**
 * GET /c/messages/summary: the totals of exactly the messages GET /c/messages lists for the same
 * filter (one grouped scan of the bounded period on the (organization_id, created_at) index).
 */
export async function summarizeMessages(
  viewer: ReportViewer,
  query: TMessagesQuery,
): Promise<TMessagesSummary> {
  const filter = await resolveMessageFilter(viewer, query);
  const rows = await viewer.scope.db
    .select({
      status: m.status,
      messages: count(),
      credits: sql<string>`coalesce(sum(${m.credits}), 0)`,
    })
    .from(m)
    .where(messageWhere(viewer.scope, filter))
    .groupBy(m.status);
  const messages = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as StatusCounts;
  const statusCredits = { ...messages };
  for (const row of rows) {
    messages[row.status] = Number(row.messages);
    statusCredits[row.status] = Number(row.credits);
  }
  return {
    total: Object.values(messages).reduce((a, b) => a + b, 0),
    credits: Object.values(statusCredits).reduce((a, b) => a + b, 0),
    messages,
    status_credits: statusCredits,
    start: filter.start.toISOString(),
    end: filter.end.toISOString(),
  };
}
