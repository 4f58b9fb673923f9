import { type Db, schema } from "@sms/db";
import { AUDIT_ACTION, type TAdminSettingsResponse } from "@sms/domain";
import { eq, inArray } from "drizzle-orm";
import { recordAudit } from "../../platform/audit.ts";

const c = schema.configurations;
const TNC_VERSION = "tnc_version";
/** What changed in the current version (review D69), written with it; "" when staff said nothing. */
const TNC_CHANGE_NOTE = "tnc_change_note";

export type AdminSettings = TAdminSettingsResponse["data"];

/** The settings staff edit: the terms version users must have accepted (read by /configurations and login). */
export async function getSettings(db: Db): Promise<AdminSettings> {
  const rows = await db
    .select()
    .from(c)
    .where(inArray(c.key, [TNC_VERSION, TNC_CHANGE_NOTE]));
  const version = rows.find((r) => r.key === TNC_VERSION);
  return {
    tnc_version: version?.value ?? "",
    tnc_updated_at: version?.updatedAt.toISOString() ?? null,
    tnc_change_note: rows.find((r) => r.key === TNC_CHANGE_NOTE)?.value ?? "",
  };
}

/**
 * Publishes a terms version with what changed in it (the note customers read before accepting
 * again; a new version without one clears the last); the same version again changes nothing and
 * is not audited.
 */
export async function updateTncVersion(
  db: Db,
  { staffUserId, version, changeNote = "" }: { staffUserId: number; version: string; changeNote?: string },
): Promise<AdminSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(c).where(eq(c.key, TNC_VERSION)).for("update");
    if (before?.value === version) return getSettings(tx);
    const now = new Date();
    for (const [key, value] of [
      [TNC_VERSION, version],
      [TNC_CHANGE_NOTE, changeNote],
    ] as const) {
      await tx
        .insert(c)
        .values({ key, value })
        .onConflictDoUpdate({ target: c.key, set: { value, updatedAt: now } });
    }
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.updateTncVersion,
      targetType: "configuration",
      targetId: TNC_VERSION,
      before: { tnc_version: before?.value ?? null },
      after: { tnc_version: version, change_note: changeNote || null },
    });
    return getSettings(tx);
  });
}
