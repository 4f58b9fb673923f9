import { type Db, schema } from "@sms/db";
import { DEFAULT_CONSENT_WORDING, DEFAULT_CONSENT_WORDING_VERSION, type TConsentWording } from "@sms/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";

/** What an opt-in records as agreed (ADR 108): always a text, and the wording's version when it is one. */
export interface AgreedText {
  statement: string;
  wordingVersion: number | null;
}

const BUILT_IN: TConsentWording = {
  version: DEFAULT_CONSENT_WORDING_VERSION,
  text: DEFAULT_CONSENT_WORDING,
  is_default: true,
  created_at: null,
};

/** The organization's current consent wording: its newest saved version, or the built-in version 1. */
export async function currentWording(db: Db, organizationId: number): Promise<TConsentWording> {
  const w = schema.consentWordings;
  const [row] = await db
    .select()
    .from(w)
    .where(eq(w.organizationId, organizationId))
    .orderBy(desc(w.version))
    .limit(1);
  return row
    ? { version: row.version, text: row.text, is_default: false, created_at: row.createdAt.toISOString() }
    : BUILT_IN;
}

/**
 * Saves the organization's wording: a text other than the current one becomes the next version (2
 * after the built-in 1); the same text keeps the current version. Under the organization's advisory
 * lock, so two saves at once get two versions instead of a key clash.
 */
export async function saveWording(
  scope: TenantScope,
  text: string,
  userId: number | null,
): Promise<TConsentWording> {
  return scope.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended('consent-wording:' || ${scope.organizationId}::text, 0))`,
    );
    const current = await currentWording(tx, scope.organizationId);
    if (current.text === text) return current;
    const [saved] = await tx
      .insert(schema.consentWordings)
      .values(scope.stamp({ version: current.version + 1, text, userId }))
      .returning();
    if (!saved) throw new Error("consent_wordings insert returned no row");
    return {
      version: saved.version,
      text: saved.text,
      is_default: false,
      created_at: saved.createdAt.toISOString(),
    };
  });
}

/**
 * What an opt-in records (ADR 108), in the caller's transaction: without a statement, the current
 * wording and its version (the API's documented default); with one, that text, and the version of
 * the organization's wording it is word for word (the form and the import start from the current
 * wording, so an unchanged prefill keeps its version), or none for a text of the member's own.
 */
export async function agreedText(db: Db, organizationId: number, statement?: string): Promise<AgreedText> {
  if (statement === undefined) {
    const current = await currentWording(db, organizationId);
    return { statement: current.text, wordingVersion: current.version };
  }
  if (statement === DEFAULT_CONSENT_WORDING) {
    return { statement, wordingVersion: DEFAULT_CONSENT_WORDING_VERSION };
  }
  const w = schema.consentWordings;
  const [match] = await db
    .select({ version: w.version })
    .from(w)
    .where(and(eq(w.organizationId, organizationId), eq(w.text, statement)))
    .orderBy(desc(w.version))
    .limit(1);
  return { statement, wordingVersion: match?.version ?? null };
}
