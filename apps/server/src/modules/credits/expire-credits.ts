import { type Db, schema } from "@sms/db";
import { and, asc, gt, lte } from "drizzle-orm";
import { recordEntries } from "./ledger.ts";

const BATCH = 500;

/**
 * Expires the credits of every organization whose expiry has passed (DESIGN §6: an approved
 * purchase sets the expiry; the remaining balance lapses at that moment). Each organization gets
 * one `expired` entry for its whole remaining balance, written while its row is locked, so a debit
 * running at the same time either lands before (and is expired with the rest) or is refused after.
 * Running it again finds nothing to do: the balance is then 0. Returns the organizations expired.
 */
export async function expireCredits(db: Db, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: schema.organizations.id, credits: schema.organizations.credits })
        .from(schema.organizations)
        .where(and(lte(schema.organizations.creditExpiredOn, now), gt(schema.organizations.credits, 0)))
        .orderBy(asc(schema.organizations.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      await recordEntries(
        tx,
        "expired",
        due.map((org) => ({
          organizationId: org.id,
          credits: org.credits,
          reason: "ledger.expired",
          reference: `expiry:${now.toISOString().slice(0, 10)}`,
        })),
      );
      return due.length;
    });
    total += expired;
    if (expired < BATCH) return total;
  }
}
