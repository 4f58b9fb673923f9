import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

/** Deletes a group; its contacts and imports go with it (ON DELETE CASCADE). */
export async function deleteContactGroup(scope: TenantScope, id: number): Promise<{ id: number }> {
  const g = schema.contactGroups;
  const [row] = await scope.db
    .delete(g)
    .where(scope.where(g, eq(g.id, id)))
    .returning({ id: g.id });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
