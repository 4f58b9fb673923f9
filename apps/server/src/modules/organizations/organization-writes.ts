import { createOrganization as insertOrganization, schema, type Tx } from "@sms/db";
import { and, eq, isNull } from "drizzle-orm";

/**
 * The `organizations` table's writes that other modules make (ADR 68): this module owns the
 * table, and the table-owners test (src/table-owners.test.ts) refuses a write of it anywhere
 * else. The balance (`credits`) is the ledger's: only a credit entry changes it (migration 0007).
 */

const o = schema.organizations;

type OrganizationRow = typeof o.$inferSelect;

/** A new person's organization, its owner a member and (makeDefault) their default one: registration. */
export const createOrganization = insertOrganization;

/** The suspension fields as staff set or clear them; the row after, or undefined when there is none. */
export async function setSuspension(
  tx: Tx,
  organizationId: number,
  suspension: { suspendedAt: Date | null; suspendedUntil: Date | null; suspensionReason: string | null },
  now: Date,
): Promise<OrganizationRow | undefined> {
  const [after] = await tx
    .update(o)
    .set({ ...suspension, updatedAt: now })
    .where(eq(o.id, organizationId))
    .returning();
  return after;
}

/** Sets when the organization's credits expire (a purchase extends it: creditExpiryAfterPurchase). */
export async function setCreditExpiry(
  tx: Tx,
  organizationId: number,
  expiry: Date,
  updatedAt?: Date,
): Promise<void> {
  await tx
    .update(o)
    .set(updatedAt ? { creditExpiredOn: expiry, updatedAt } : { creditExpiredOn: expiry })
    .where(eq(o.id, organizationId));
}

/**
 * Marks the free trial redeemed, once: answers the expiry and name as they were, or undefined when
 * the organization had already redeemed it (a concurrent redemption lost here).
 */
export async function claimFreeTrial(
  tx: Tx,
  organizationId: number,
  now: Date,
): Promise<{ expiry: Date | null; name: string } | undefined> {
  const [claimed] = await tx
    .update(o)
    .set({ creditTrialRedeemedAt: now, updatedAt: now })
    .where(and(eq(o.id, organizationId), isNull(o.creditTrialRedeemedAt)))
    .returning({ expiry: o.creditExpiredOn, name: o.name });
  return claimed;
}
