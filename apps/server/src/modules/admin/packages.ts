import { type Db, schema } from "@sms/db";
import {
  AUDIT_ACTION,
  type TAdminPackage,
  type ZCreatePackageRequest,
  type ZUpdatePackageRequest,
} from "@sms/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../../platform/audit.ts";

const p = schema.packages;

export function presentPackage(row: typeof p.$inferSelect): TAdminPackage {
  return {
    id: row.id,
    name: row.name,
    months: row.months,
    credits: row.credits,
    price_satang: row.priceSatang,
    is_trial: row.isTrial,
    active: row.active,
    sort_order: row.sortOrder,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The audit keeps the catalogue's own field names, as staff see them. */
const audited = (row: typeof p.$inferSelect) => {
  const { updated_at: _, ...rest } = presentPackage(row);
  return rest;
};

/** The whole catalogue, inactive packages too, in display order. */
export async function listAdminPackages(db: Db): Promise<TAdminPackage[]> {
  const rows = await db.select().from(p).orderBy(asc(p.sortOrder), asc(p.id));
  return rows.map(presentPackage);
}

type PackageFields = z.output<typeof ZCreatePackageRequest>;

const toColumns = (fields: Partial<PackageFields>) => ({
  ...(fields.name !== undefined ? { name: fields.name } : {}),
  ...(fields.months !== undefined ? { months: fields.months } : {}),
  ...(fields.credits !== undefined ? { credits: fields.credits } : {}),
  ...(fields.price_satang !== undefined ? { priceSatang: fields.price_satang } : {}),
  ...(fields.active !== undefined ? { active: fields.active } : {}),
  ...(fields.sort_order !== undefined ? { sortOrder: fields.sort_order } : {}),
});

/**
 * A new package. Package ids are not a sequence (the free trial's id comes from the environment),
 * so the next id is one past the highest; the table lock keeps two staff from taking the same one.
 */
export async function createPackage(
  db: Db,
  { staffUserId, fields }: { staffUserId: number; fields: PackageFields },
): Promise<TAdminPackage> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${p} in share row exclusive mode`);
    const [row] = await tx
      .insert(p)
      .values({
        id: sql`(select coalesce(max(${p.id}), 0) + 1 from ${p})`,
        name: fields.name,
        months: fields.months,
        credits: fields.credits,
        priceSatang: fields.price_satang,
        active: fields.active,
        sortOrder: fields.sort_order,
        isTrial: false,
      })
      .returning();
    if (!row) throw new Error("package insert returned no row");
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.createPackage,
      targetType: "package",
      targetId: row.id,
      after: audited(row),
    });
    return presentPackage(row);
  });
}

/** Changes a package; orders keep the package as it was when ordered. `is_trial` is never changed here. */
export async function updatePackage(
  db: Db,
  {
    staffUserId,
    packageId,
    fields,
  }: { staffUserId: number; packageId: number; fields: z.output<typeof ZUpdatePackageRequest> },
): Promise<TAdminPackage> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(p).where(eq(p.id, packageId)).for("update");
    if (!before) throw new AppError("NOT_FOUND");
    const changes = toColumns(fields);
    if (Object.keys(changes).length === 0) return presentPackage(before);
    const [after] = await tx
      .update(p)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(p.id, packageId))
      .returning();
    if (!after) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.updatePackage,
      targetType: "package",
      targetId: packageId,
      before: audited(before),
      after: audited(after),
    });
    return presentPackage(after);
  });
}
