import { type Db, schema } from "@sms/db";
import { AUDIT_ACTION, type TAdminSettingsResponse } from "@sms/domain";
import { eq } from "drizzle-orm";
import { recordAudit } from "../../platform/audit.ts";

const c = schema.configurations;
const TNC_VERSION = "tnc_version";

export type AdminSettings = TAdminSettingsResponse["data"];

/** The settings staff edit: the terms version users must have accepted (read by /configurations and login). */
export async function getSettings(db: Db): Promise<AdminSettings> {
  const [row] = await db.select().from(c).where(eq(c.key, TNC_VERSION));
  return { tnc_version: row?.value ?? "", tnc_updated_at: row?.updatedAt.toISOString() ?? null };
}

/** Publishes a terms version; the same version again changes nothing and is not audited. */
export async function updateTncVersion(
  db: Db,
  { staffUserId, version }: { staffUserId: number; version: string },
): Promise<AdminSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(c).where(eq(c.key, TNC_VERSION)).for("update");
    if (before?.value === version) return getSettings(tx);
    await tx
      .insert(c)
      .values({ key: TNC_VERSION, value: version })
      .onConflictDoUpdate({ target: c.key, set: { value: version, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.updateTncVersion,
      targetType: "configuration",
      targetId: TNC_VERSION,
      before: { tnc_version: before?.value ?? null },
      after: { tnc_version: version },
    });
    return getSettings(tx);
  });
}
