import { schema } from "@sms/db";
import type { TConsentEntry } from "@sms/domain";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";

/** How many entries the history answers: a number's opt-ins and opt-outs are a handful; this bounds a noisy one. */
export const CONSENT_HISTORY_LIMIT = 200;

/**
 * An opt-in recorded with a contact (ADR 94): where it came from and what was agreed, always a text
 * and the organization's wording version when it is one (ADR 108, `agreedText`).
 */
export interface OptIn {
  source: "form" | "api" | "import";
  /** Null only for an import confirmed before migration 0041 and still inserting at the upgrade. */
  statement: string | null;
  wordingVersion: number | null;
  userId: number | null;
}

/** Records a contact's opt-in in its number's consent history (in the caller's statement's transaction). */
export async function recordOptIn(
  scope: TenantScope,
  contact: { id: number; phoneNumber: string },
  optIn: OptIn,
): Promise<void> {
  await scope.db.insert(schema.contactConsents).values(
    scope.stamp({
      msisdn: contact.phoneNumber,
      kind: "opt_in" as const,
      source: optIn.source,
      statement: optIn.statement,
      wordingVersion: optIn.wordingVersion,
      contactId: contact.id,
      userId: optIn.userId,
    }),
  );
}

/**
 * The opt-ins of contacts another statement inserts, as a CTE of that same statement: `inserted`
 * names a relation with `id` and `phone_number` (insertGroupContactsSql's answer). Set-wise: one
 * INSERT however many contacts an import adds.
 */
export function recordOptInsSql(inserted: SQL, organizationId: number, optIn: OptIn): SQL {
  return sql`insert into contact_consents (organization_id, msisdn, kind, source, statement, wording_version,
                                          contact_id, user_id)
          select ${organizationId}, phone_number, 'opt_in', ${optIn.source}, ${optIn.statement}::text,
                 ${optIn.wordingVersion}::int, id, ${optIn.userId}::int
            from ${inserted}`;
}

/** A contact's number's history in its organization, newest first (404 for another organization's contact). */
export async function consentHistory(scope: TenantScope, contactId: number): Promise<TConsentEntry[]> {
  const contact = await scope.findById(schema.contacts, contactId);
  const c = schema.contactConsents;
  const rows = await scope.db
    .select()
    .from(c)
    .where(and(eq(c.organizationId, scope.organizationId), eq(c.msisdn, contact.phoneNumber)))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(CONSENT_HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    source: row.source,
    statement: row.statement,
    version: row.wordingVersion,
    created_at: row.createdAt.toISOString(),
  }));
}
