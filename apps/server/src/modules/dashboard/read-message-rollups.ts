import { type Db, queryRows } from "@sms/db";
import {
  daysOf,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  type TDashboardMessages,
  type TDashboardPeriod,
  type TStatusCounts,
} from "@sms/domain";
import { sql } from "drizzle-orm";

type Status = (typeof MESSAGE_STATUSES)[number];
type MessageType = (typeof MESSAGE_TYPES)[number];

const zeros = (): TStatusCounts => Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as TStatusCounts;

/**
 * The period's figures, chart and type breakdown in one statement over the engine's rollups
 * (`message_daily_counts`): the delta rows of each (day, type, status) are summed, whether or not
 * the 10-minute compaction has folded them yet, so the answer is exact at any moment. Reads at most
 * days × types × statuses keys through the (organization_id, day) index; never counts `messages`.
 */
export async function readMessageRollups(
  db: Db,
  organizationId: number,
  period: TDashboardPeriod,
): Promise<TDashboardMessages> {
  const rows = await queryRows<{
    day: string;
    type: MessageType;
    status: Status;
    messages: unknown;
    credits: unknown;
  }>(
    db,
    sql`select day::text as day, type, status, sum(messages) as messages, sum(credits) as credits
          from message_daily_counts
         where organization_id = ${organizationId}
           and day between ${period.start}::date and ${period.end}::date
         group by day, type, status`,
  );
  const byDay = new Map(daysOf(period.start, period.end).map((day) => [day, zeros()]));
  const byType = new Map(MESSAGE_TYPES.map((type) => [type, { type, messages: 0, credits: 0 }]));
  const statuses = zeros();
  let credits = 0;
  for (const row of rows) {
    const messages = Number(row.messages);
    const rowCredits = Number(row.credits);
    const day = byDay.get(row.day);
    if (day) day[row.status] += messages;
    statuses[row.status] += messages;
    const type = byType.get(row.type);
    if (type) {
      type.messages += messages;
      type.credits += rowCredits;
    }
    credits += rowCredits;
  }
  return {
    totals: {
      sent: MESSAGE_STATUSES.reduce((sum, s) => sum + statuses[s], 0),
      delivered: statuses.delivered,
      delivered_to_network: statuses.sent,
      failed: statuses.failed,
      queued: statuses.queued,
      pending: statuses.pending,
      used_credits: credits,
    },
    days: [...byDay].map(([day, counts]) => ({ day, ...counts })),
    types: [...byType.values()],
  };
}
