import { type Db, schema } from "@sms/db";
import { AUDIT_ACTION } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { recordAudit } from "../../platform/audit.ts";
import { senderDecisionMailJob } from "./jobs.ts";

export interface SenderDecision {
  senderId: number;
  staffUserId: number;
  decision: "approved" | "blocked";
  /** The block reason, or the approval's note; the customer reads it. */
  reason: string | null;
  now: Date;
}

/**
 * Decides a pending request once, in one transaction with its audit row and the requester's
 * e-mail job. The conditional UPDATE lets one decision through; a second one (or a concurrent one,
 * which waits for the first to commit) finds nothing pending and answers 409.
 */
export async function decideSender(
  deps: { db: Db; jobs: JobQueue },
  { senderId, staffUserId, decision, reason, now }: SenderDecision,
): Promise<void> {
  const t = schema.senders;
  await deps.db.transaction(async (tx) => {
    const [sender] = await tx
      .update(t)
      .set({
        status: decision,
        decisionReason: reason,
        decidedBy: staffUserId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(t.id, senderId), eq(t.status, "pending")))
      .returning({ id: t.id, name: t.name });
    if (!sender) {
      const [current] = await tx.select({ id: t.id }).from(t).where(eq(t.id, senderId));
      if (!current) throw new AppError("NOT_FOUND", { messageKey: "senders.not_found" });
      throw new AppError("CONFLICT", { messageKey: "senders.already_decided" });
    }
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: decision === "approved" ? AUDIT_ACTION.approveSender : AUDIT_ACTION.blockSender,
      targetType: "sender",
      targetId: sender.id,
      before: { status: "pending" },
      after: { status: decision, name: sender.name },
      reason,
    });
    await deps.jobs.enqueue(senderDecisionMailJob, { senderId: sender.id, decision }, { tx });
  });
}
