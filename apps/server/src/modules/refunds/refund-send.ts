import { schema } from "@sms/db";
import {
  formatDate,
  type Locale,
  refundBaseTime,
  refundClosesAt,
  refundOpensAt,
  refundWindow,
  type TRefundResult,
} from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { markSendRefunded } from "../campaigns/index.ts";
import { credit } from "../credits/index.ts";
import { settlementOf } from "./failed-credits.ts";
import type { RefundViewer } from "./viewer.ts";

/** Window edges are exact to the second, so the messages name the second too. */
const WHEN = "DD MMM YYYY HH:mm:ss";

export interface RefundClaim {
  viewer: RefundViewer;
  /** The clock: the window is judged and the refund stamped at this instant. */
  now: Date;
  /** The language of the dates in an error message. */
  locale: Locale;
}

/**
 * Refunds one send (spec §4 "Campaign refund"): once, from 24 h to 30 days after sending, the credits
 * of its `failed` messages, once none of its messages is still checking status (ADR 55). All in one transaction: the send row is locked, checked, marked refunded
 * only while `refunded_at is null`, and the `refunded` ledger entry (idempotency key
 * `refund:campaign:<id>`) adds the credits to the balance, so two racing claims refund once.
 */
export async function refundSend(
  { viewer, now, locale }: RefundClaim,
  campaignId: number,
  messageId: number | null = null,
): Promise<TRefundResult> {
  const c = schema.campaigns;
  return viewer.scope.db.transaction(async (tx) => {
    const scope = viewer.scope.with(tx);
    const [send] = await tx
      .select()
      .from(c)
      .where(scope.where(c, eq(c.id, campaignId)))
      .for("update");
    if (!send || (viewer.ownUserId !== null && send.userId !== viewer.ownUserId)) {
      throw new AppError("NOT_FOUND");
    }
    if (send.refundedAt) {
      throw new AppError("CONFLICT", {
        messageKey: "refunds.already_refunded",
        params: { credits: send.refundedCredits, at: formatDate(send.refundedAt, locale, WHEN) },
      });
    }
    const sentAt = refundBaseTime(send);
    const window = refundWindow(sentAt, now);
    if (window === "too_early") {
      throw new AppError("CONFLICT", {
        messageKey: "refunds.too_early",
        params: { opens: formatDate(refundOpensAt(sentAt), locale, WHEN) },
      });
    }
    if (window === "expired") {
      throw new AppError("CONFLICT", {
        messageKey: "refunds.window_closed",
        params: { closed: formatDate(refundClosesAt(sentAt), locale, WHEN) },
      });
    }
    const { failedCredits: credits, checking } = await settlementOf(tx, send);
    // A refund is once per send: claimed now, the messages still checking status would be forfeited
    // when they fail later (review I4). The claim waits until they are settled (ADR 55).
    if (checking > 0) {
      throw new AppError("CONFLICT", { messageKey: "refunds.still_checking", params: { count: checking } });
    }
    if (credits === 0) throw new AppError("UNPROCESSABLE", { messageKey: "refunds.nothing_to_refund" });
    if (!(await markSendRefunded(tx, send.id, credits, now)))
      throw new AppError("CONFLICT", { messageKey: "refunds.already_refunded_now" });
    const [member] = await tx
      .select({ id: schema.members.id })
      .from(schema.members)
      .where(
        and(
          eq(schema.members.organizationId, scope.organizationId),
          eq(schema.members.userId, viewer.userId),
        ),
      );
    const entry = await credit(tx, "refunded", {
      organizationId: scope.organizationId,
      credits,
      memberId: member?.id ?? null,
      userId: viewer.userId,
      reason: "ledger.refund",
      reference: `campaign:${send.id}`,
      idempotencyKey: `refund:campaign:${send.id}`,
    });
    if (!entry.created) throw new AppError("CONFLICT", { messageKey: "refunds.already_refunded_now" });
    return {
      campaign_id: send.id,
      message_id: messageId,
      refunded_credits: credits,
      refunded_at: now.toISOString(),
      balance: entry.balanceAfter,
    };
  });
}
