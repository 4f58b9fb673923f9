import { type Db, schema, type Tx } from "@sms/db";
import { AUDIT_ACTION, type TSmppSettings } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../../platform/audit.ts";
import { readSmppSettings } from "./settings.ts";

const s = schema.smppSettings;

/** The organization's settings as the contract writes them (404 for no such organization). */
export async function getSmppSettings(db: Db | Tx, organizationId: number): Promise<TSmppSettings> {
  const [org] = await db
    .select({ id: schema.organizations.id })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  if (!org) throw new AppError("NOT_FOUND");
  const settings = await readSmppSettings(db as Db, organizationId);
  return { window: settings.window, tps: settings.tps, id_format: settings.idFormat };
}

/** Staff set an organization's window, TPS and id format (its next binds use them); audited. */
export async function updateSmppSettings(
  db: Db,
  organizationId: number,
  staffUserId: number,
  input: TSmppSettings,
): Promise<TSmppSettings> {
  return db.transaction(async (tx) => {
    const before = await getSmppSettings(tx, organizationId);
    await tx
      .insert(s)
      .values({
        organizationId,
        window: input.window,
        tps: input.tps,
        idFormat: input.id_format,
        updatedBy: staffUserId,
      })
      .onConflictDoUpdate({
        target: s.organizationId,
        set: {
          window: input.window,
          tps: input.tps,
          idFormat: input.id_format,
          updatedBy: staffUserId,
          updatedAt: new Date(),
        },
      });
    await recordAudit(tx as unknown as Db, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.updateSmppSettings,
      targetType: "organization",
      targetId: organizationId,
      before,
      after: input,
    });
    return input;
  });
}
