import { schema } from "@sms/db";
import {
  encodeHistoryCursor,
  historyCursorDate,
  NUMBER_HISTORY_MONTHS,
  NUMBER_HISTORY_PAGE_SIZE,
  NUMBER_HISTORY_WINDOW_DAYS,
  type TNumberHistory,
  type TNumberHistoryQuery,
} from "@sms/domain";
import { and, desc, inArray, sql } from "drizzle-orm";
import { messageWhere, presentMessage, type ReportViewer } from "../campaigns/index.ts";

const m = schema.messages;
const c = schema.campaigns;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest instant a number's history reaches: NUMBER_HISTORY_MONTHS calendar months before now. */
export function historyFloor(now: Date): Date {
  const floor = new Date(now);
  floor.setUTCMonth(floor.getUTCMonth() - NUMBER_HISTORY_MONTHS);
  return floor;
}

/**
 * GET /c/analytics/number-history (ADR 95): a number's messages, newest first, one bounded window
 * at a time. A page reads [before − 92 days, before) of the messages' monthly partitions (pruned by
 * created_at) through the (recipient, created_at) index, keyset on (created_at, id), so no page
 * scans every month however long the history. A window with fewer than a page of messages answers
 * what it found and a cursor at the window's start, and the next page reads the window before it,
 * until NUMBER_HISTORY_MONTHS back.
 */
export async function searchNumberHistory(
  viewer: ReportViewer,
  query: TNumberHistoryQuery,
  now: Date = new Date(),
): Promise<TNumberHistory> {
  const { scope } = viewer;
  const floor = historyFloor(now);
  const end = query.before ? historyCursorDate(query.before) : now;
  // Microseconds: the keyset compares the stored instant, not its millisecond rounding.
  const beforeAt = query.before?.at ?? now.toISOString();
  const beforeId = query.before?.id ?? Number.MAX_SAFE_INTEGER;
  const windowStart = new Date(
    Math.max(floor.getTime(), end.getTime() - NUMBER_HISTORY_WINDOW_DAYS * DAY_MS),
  );
  const rows = await scope.db
    .select({ row: m, at: sql<string>`${m.createdAt}::text` })
    .from(m)
    .where(
      and(
        messageWhere(scope, {
          start: windowStart,
          // The keyset below is the exact upper bound; this one lets the planner prune partitions.
          end: new Date(end.getTime() + 1),
          phone: query.phone,
          ownUserId: viewer.ownUserId,
        }),
        sql`(${m.createdAt}, ${m.id}) < (${beforeAt}::timestamptz, ${beforeId})`,
      ),
    )
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(NUMBER_HISTORY_PAGE_SIZE);
  const ids = [
    ...new Set(
      rows.filter(({ row }) => row.text === null || row.type === "api").map(({ row }) => row.campaignId),
    ),
  ];
  const campaigns = new Map<number, { text: string; scheduledFor: Date | null }>();
  if (ids.length > 0) {
    const found = await scope.db
      .select({ id: c.id, text: c.text, scheduledFor: c.scheduledFor })
      .from(c)
      .where(and(scope.where(c), inArray(c.id, ids)));
    for (const row of found) campaigns.set(row.id, row);
  }
  const last = rows.at(-1);
  const full = rows.length === NUMBER_HISTORY_PAGE_SIZE;
  const next =
    full && last
      ? encodeHistoryCursor({ at: last.at, id: last.row.id })
      : windowStart.getTime() > floor.getTime()
        ? // Nothing left in this window: the next page starts below it (id 0 precedes every id).
          encodeHistoryCursor({ at: windowStart.toISOString(), id: 0 })
        : null;
  return {
    phone: query.phone,
    entities: rows.map(({ row }) =>
      presentMessage(row, campaigns.get(row.campaignId) ?? { text: "", scheduledFor: null }),
    ),
    searched_from: (full && last ? last.row.createdAt : windowStart).toISOString(),
    next,
  };
}
