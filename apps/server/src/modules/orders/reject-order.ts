import { type Db, schema } from "@sms/db";
import { AUDIT_ACTION, type TAdminOrder } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { recordAudit } from "../../platform/audit.ts";
import { getAdminOrder } from "./get-admin-order.ts";
import { orderDecisionMailJob } from "./jobs.ts";

export interface RejectOrderOptions {
  orderId: number;
  staffUserId: number;
  /** Shown to the customer on /orders and in the e-mail. */
  reason: string;
  now?: Date;
}
export type RejectOrderResult = TAdminOrder;

/**
 * Rejects a waiting order with the reason the customer reads, records the audit row and queues the
 * customer's e-mail, in one transaction. Only a waiting order can be rejected, once: an approved order's
 * credits are corrected by an adjustment, never by undoing the approval.
 */
export async function rejectOrder(
  deps: { db: Db; jobs: JobQueue },
  { orderId, staffUserId, reason, now = new Date() }: RejectOrderOptions,
): Promise<RejectOrderResult> {
  const o = schema.orders;
  await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .update(o)
      .set({
        status: "rejected",
        rejectReason: reason,
        decidedBy: staffUserId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(o.id, orderId), eq(o.status, "waiting")))
      .returning({ id: o.id });
    if (!order) {
      const [current] = await tx.select({ status: o.status }).from(o).where(eq(o.id, orderId));
      if (!current) throw new AppError("NOT_FOUND");
      // A second click on reject answers the order as it is; an approved order stays approved.
      if (current.status === "approved")
        throw new AppError("CONFLICT", { messageKey: "orders.already_decided" });
      return;
    }
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.rejectOrder,
      targetType: "order",
      targetId: order.id,
      before: { status: "waiting" },
      after: { status: "rejected" },
      reason,
    });
    await deps.jobs.enqueue(
      orderDecisionMailJob,
      { orderId: order.id, decision: "rejected" as const },
      { tx },
    );
  });
  return getAdminOrder(deps.db, orderId);
}
