import { type Db, schema } from "@sms/db";
import type { TAdminSummary } from "@sms/domain";
import { eq, isNotNull, sql } from "drizzle-orm";

const count = sql<number>`count(*)::int`;

/**
 * What waits for staff, for the home cards and the menu badges (issue 24 D18). Each count reads a
 * partial index of the waiting rows (orders_waiting_idx, the senders' status, contact_submissions_new_idx).
 */
export async function getSummary(db: Db): Promise<TAdminSummary> {
  const [[orders], [senders], [contacts], [locked]] = await Promise.all([
    db.select({ n: count }).from(schema.orders).where(eq(schema.orders.status, "waiting")),
    db.select({ n: count }).from(schema.senders).where(eq(schema.senders.status, "pending")),
    db
      .select({ n: count })
      .from(schema.contactSubmissions)
      .where(eq(schema.contactSubmissions.status, "new")),
    db.select({ n: count }).from(schema.users).where(isNotNull(schema.users.lockedAt)),
  ]);
  return {
    waiting_orders: Number(orders?.n ?? 0),
    pending_senders: Number(senders?.n ?? 0),
    new_contact_submissions: Number(contacts?.n ?? 0),
    locked_users: Number(locked?.n ?? 0),
  };
}
