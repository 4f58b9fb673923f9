import { schema } from "@sms/db";
import { REFUND_CLOSES_AFTER_MS, type TCreditRefundsQuery, type TCreditRefundsResponse } from "@sms/domain";
import { and, eq, gte, ilike, isNotNull, or, sql } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { SETTLED, settlementsOf } from "./failed-credits.ts";
import { presentRefundState } from "./present.ts";
import type { RefundViewer } from "./viewer.ts";

const c = schema.campaigns;
/**
 * A send's messages leave the queue within hours (a debt-collection pause lasts at most 14 h; an
 * unknown outcome is settled within a day): a week is a generous bound of created → sent.
 */
const SEND_FINISHES_WITHIN_MS = 7 * 24 * 3600_000;

/**
 * GET /c/credit-refunds: the sends a refund concerns, newest first: every refunded send, and every
 * send whose window has not closed yet (sent, or accepted when never fully sent, within 30 days).
 * The failed credits and checking messages of the page's sends are counted in one query.
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
      // Both arms are index ranges (campaigns_org_refunded_idx, campaigns_org_created_idx): a send
      // finishes within SEND_FINISHES_WITHIN_MS of its creation, which bounds the open windows' scan.
      or(
        isNotNull(c.refundedAt),
        and(
          gte(c.createdAt, new Date(since.getTime() - SEND_FINISHES_WITHIN_MS)),
          sql`coalesce(${c.sentAt}, ${c.acceptedAt}) >= ${since.toISOString()}::timestamptz`,
        ),
      ),
      query.search ? ilike(c.name, `%${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`) : undefined,
      viewer.ownUserId === null ? undefined : eq(c.userId, viewer.ownUserId),
    ),
    sortable: { created_at: c.createdAt },
    defaultSort: { key: "created_at", reverse: true },
    query,
    map: (row) => row,
  });
  const settlements = await settlementsOf(viewer.scope.db, page.entities);
  return {
    entities: page.entities.map((send) => presentRefundState(send, settlements.get(send.id) ?? SETTLED, now)),
    page_information: page.page_information,
  };
}
