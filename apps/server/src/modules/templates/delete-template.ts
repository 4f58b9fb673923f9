import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

const t = schema.smsTemplates;

/** Deletes a template of the organization; another organization's id is NOT_FOUND. */
export async function deleteTemplate(scope: TenantScope, id: number): Promise<{ id: number }> {
  const [row] = await scope.db
    .delete(t)
    .where(scope.where(t, eq(t.id, id)))
    .returning({ id: t.id });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
