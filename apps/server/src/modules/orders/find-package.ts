import { type Db, schema } from "@sms/db";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";

export type PackageRow = typeof schema.packages.$inferSelect;

/** A package on sale (active), or NOT_FOUND with words the customer understands. */
export async function findActivePackage(db: Db, id: number): Promise<PackageRow> {
  const [row] = await db
    .select()
    .from(schema.packages)
    .where(and(eq(schema.packages.id, id), eq(schema.packages.active, true)));
  if (!row) throw new AppError("NOT_FOUND", { messageKey: "orders.package_not_found" });
  return row;
}
