import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

/** Deletes one contact; the group's count follows by trigger. */
export async function deleteContact(scope: TenantScope, id: number): Promise<{ id: number }> {
  const c = schema.contacts;
  const [row] = await scope.db
    .delete(c)
    .where(scope.where(c, eq(c.id, id)))
    .returning({ id: c.id });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
