import { type Db, schema } from "@sms/db";
import { AUDIT_ACTION, creditExpiryAfterPurchase, type TAdminOrder } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { recordAudit } from "../../platform/audit.ts";
import { credit } from "../credits/index.ts";
import { setCreditExpiry } from "../organizations/index.ts";
import { nextDocumentNumber, RECEIPT_SERIES } from "./document-number.ts";
import { getAdminOrder } from "./get-admin-order.ts";
import { orderDecisionMailJob } from "./jobs.ts";

export interface ApproveOrderOptions {
  orderId: number;
  staffUserId: number;
  now?: Date;
}
export type ApproveOrderResult = TAdminOrder;

/**
 * Approves a waiting order (issue 10 point 5), all in one transaction: the status, the credits
 * through the ledger, the expiry (the later of the current expiry and the purchase, when the order
 * was submitted with its payment, + the package's months: the terms' rule, ADR 40), the receipt's running number, the audit row and the customer's e-mail job.
 *
 * Exactly once: the conditional UPDATE lets one approval through; a second click (or a concurrent
 * one, which waits for the first to commit) finds no waiting order and answers the order as it
 * is. The ledger's idempotency key guards the grant a second time. A rejected order cannot be approved.
 */
export async function approveOrder(
  deps: { db: Db; jobs: JobQueue },
  { orderId, staffUserId, now = new Date() }: ApproveOrderOptions,
): Promise<ApproveOrderResult> {
  const o = schema.orders;
  await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .update(o)
      .set({ status: "approved", decidedBy: staffUserId, decidedAt: now, updatedAt: now })
      .where(and(eq(o.id, orderId), eq(o.status, "waiting")))
      .returning();
    if (!order) {
      const [current] = await tx.select({ status: o.status }).from(o).where(eq(o.id, orderId));
      if (!current) throw new AppError("NOT_FOUND");
      if (current.status === "rejected")
        throw new AppError("CONFLICT", { messageKey: "orders.already_decided" });
      return;
    }
    // Numbered after the status change, so only the approval that won takes a number.
    const documentNumber = await nextDocumentNumber(tx, RECEIPT_SERIES, now);
    await tx.update(o).set({ documentNumber }).where(eq(o.id, order.id));
    const entry = await credit(tx, "earned", {
      organizationId: order.organizationId,
      credits: order.credits,
      userId: staffUserId,
      reason: "ledger.order_approved",
      reference: `order:${order.id}`,
      idempotencyKey: `order:${order.id}:approve`,
    });
    const org = schema.organizations;
    const [before] = await tx
      .select({ expiry: org.creditExpiredOn })
      .from(org)
      .where(eq(org.id, order.organizationId));
    const expiry = creditExpiryAfterPurchase({
      currentExpiry: before?.expiry ?? null,
      purchasedAt: order.createdAt,
      packageMonths: order.months,
    });
    await setCreditExpiry(tx, order.organizationId, expiry, now);
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.approveOrder,
      targetType: "order",
      targetId: order.id,
      before: { status: "waiting", credit_expired_on: before?.expiry?.toISOString() ?? null },
      after: {
        status: "approved",
        document_number: documentNumber,
        credits: order.credits,
        balance_after: entry.balanceAfter,
        credit_expired_on: expiry.toISOString(),
      },
    });
    await deps.jobs.enqueue(
      orderDecisionMailJob,
      { orderId: order.id, decision: "approved" as const },
      { tx },
    );
  });
  return getAdminOrder(deps.db, orderId);
}
