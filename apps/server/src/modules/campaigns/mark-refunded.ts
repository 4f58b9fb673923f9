import { type Db, schema } from "@sms/db";
import { and, eq, isNull } from "drizzle-orm";

/**
 * Marks a send refunded (refunds' claim, ADR 55), once: false when it already was (a racing claim
 * won). The campaigns module owns the `campaigns` table (ADR 68); other modules write it through
 * functions like this one.
 */
export async function markSendRefunded(
  tx: Db,
  campaignId: number,
  credits: number,
  at: Date,
): Promise<boolean> {
  const c = schema.campaigns;
  const marked = await tx
    .update(c)
    .set({ refundedCredits: credits, refundedAt: at })
    .where(and(eq(c.id, campaignId), isNull(c.refundedAt)))
    .returning({ id: c.id });
  return marked.length > 0;
}
