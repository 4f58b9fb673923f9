import { type Db, schema } from "@sms/db";
import { and, eq } from "drizzle-orm";

/**
 * Adds a number to an organization's list with the reason `link`: the recipient tapped the opt-out
 * link of a marketing message (issue 27, ADR 93). A number already on the list keeps its row (a STOP
 * reply stays a STOP reply, and a second tap changes nothing): answers whether it was added now.
 * The list's trigger records the opt-out in the number's consent history (migration 0032).
 */
export async function suppressByLink(db: Db, organizationId: number, msisdn: string): Promise<boolean> {
  const added = await db
    .insert(schema.suppressions)
    .values({ organizationId, msisdn, reason: "link", code: null })
    .onConflictDoNothing()
    .returning({ msisdn: schema.suppressions.msisdn });
  return added.length > 0;
}

/** Whether a number is on an organization's list. */
export async function isSuppressed(db: Db, organizationId: number, msisdn: string): Promise<boolean> {
  const [row] = await db
    .select({ msisdn: schema.suppressions.msisdn })
    .from(schema.suppressions)
    .where(
      and(eq(schema.suppressions.organizationId, organizationId), eq(schema.suppressions.msisdn, msisdn)),
    );
  return row !== undefined;
}
