import { type Db, schema } from "@sms/db";
import { AUDIT_ACTION, type Locale, type TCreditAdjustmentResponse } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../../platform/audit.ts";
import { adjust, balanceOf, creditSubjects } from "../credits/index.ts";
import { presentCreditEntry } from "./present.ts";

export interface AdjustCreditsOptions {
  organizationId: number;
  staffUserId: number;
  /** Signed: positive adds, negative takes away. */
  credits: number;
  reason: string;
  /** Made once per dialog by the page: a double click or a retry adjusts once. */
  idempotencyKey: string;
  locale: Locale;
}

export type AdjustCreditsResult = TCreditAdjustmentResponse["data"];

async function attempt(db: Db, options: AdjustCreditsOptions): Promise<AdjustCreditsResult> {
  const { organizationId, staffUserId, credits, reason, idempotencyKey } = options;
  return db.transaction(async (tx) => {
    const [org] = await tx
      .select({ id: schema.organizations.id })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, organizationId));
    if (!org) throw new AppError("NOT_FOUND");
    const entry = await adjust(tx, {
      organizationId,
      credits,
      userId: staffUserId,
      reason,
      reference: `adjustment:${idempotencyKey}`,
      // Scoped to the organization, so a key can never answer another organization's entry.
      idempotencyKey: `adjustment:${organizationId}:${idempotencyKey}`,
    });
    if (entry.created) {
      await recordAudit(tx, {
        actorUserId: staffUserId,
        action: AUDIT_ACTION.adjustCredits,
        targetType: "organization",
        targetId: organizationId,
        before: { credits: entry.balanceAfter - entry.credits },
        after: { credits: entry.balanceAfter, adjustment: entry.credits, credit_entry_id: entry.id },
        reason,
      });
    }
    const [row] = await tx.select().from(schema.creditEntries).where(eq(schema.creditEntries.id, entry.id));
    if (!row) throw new Error("the credit entry just recorded is missing");
    const [subject] = await creditSubjects(tx, organizationId, [row], options.locale);
    return {
      entry: presentCreditEntry(row, options.locale, subject!),
      balance: await balanceOf(tx, organizationId),
    };
  });
}

/**
 * Staff's manual correction through the ledger (a reversing entry, never an edit), audited in the
 * same transaction. Taking more than the balance is the ledger's INSUFFICIENT_CREDITS.
 */
export async function adjustCredits(db: Db, options: AdjustCreditsOptions): Promise<AdjustCreditsResult> {
  try {
    return await attempt(db, options);
  } catch (error) {
    // Two clicks raced and the other committed first: this one now finds that entry and answers it.
    if (error instanceof AppError && error.code === "CONFLICT") return attempt(db, options);
    throw error;
  }
}
