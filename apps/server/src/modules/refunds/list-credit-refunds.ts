import { schema } from "@sms/db";
import { REFUND_CLOSES_AFTER_MS, type TCreditRefundsQuery, type TCreditRefundsResponse } from "@sms/domain";
import { eq, ilike, isNotNull, or, sql } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { failedCreditsOf } from "./failed-credits.ts";
import { presentRefundState } from "./present.ts";
import type { RefundViewer } from "./viewer.ts";

const c = schema.campaigns;

/**
 * GET /c/credit-refunds: the sends a refund concerns, newest first: every refunded send, and every
 * send whose window has not closed yet (sent, or accepted when never fully sent, within 30 days).
 * The failed credits of the page's sends are summed in one query.
 */
export async function listCreditRefunds(
  viewer: RefundViewer,
  query: TCreditRefundsQuery,
  now: Date,
): Promise<TCreditRefundsResponse["data"]> {
  const since = new Date(now.getTime() - REFUND_CLOSES_AFTER_MS);
  const page = await paginate(viewer.scope.db, {
    from: c,
    where: viewer.scope.where(
      c,
      or(
        isNotNull(c.refundedAt),
        sql`coalesce(${c.sentAt}, ${c.acceptedAt}) >= ${since.toISOString()}::timestamptz`,
      ),
      query.search ? ilike(c.name, `%${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`) : undefined,
      viewer.ownUserId === null ? undefined : eq(c.userId, viewer.ownUserId),
    ),
    sortable: { created_at: c.createdAt },
    defaultSort: { key: "created_at", reverse: true },
    query,
    map: (row) => row,
  });
  const failed = await failedCreditsOf(viewer.scope.db, page.entities);
  return {
    entities: page.entities.map((send) => presentRefundState(send, failed.get(send.id) ?? 0, now)),
    page_information: page.page_information,
  };
}
