import { type Db, schema } from "@sms/db";
import { eq } from "drizzle-orm";

/**
 * Records that a message went out under the sender (call it in the send's transaction): it resets
 * the year of inactivity (terms §13), and a warning already sent no longer applies.
 */
export async function markSenderUsed(db: Db, senderId: number, now = new Date()): Promise<void> {
  await db
    .update(schema.senders)
    .set({ lastUsedAt: now, inactivityWarnedAt: null })
    .where(eq(schema.senders.id, senderId));
}
