import { schema } from "@sms/db";
import { and, eq, isNull, or } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import type { SenderRow } from "./present-sender.ts";

/**
 * A sender the organization may see: its own, or the shared default. Another organization's id is
 * NOT_FOUND, as everywhere (the id does not reveal that it exists).
 */
export async function findVisibleSender(scope: TenantScope, id: number): Promise<SenderRow> {
  const t = schema.senders;
  const [row] = await scope.db
    .select()
    .from(t)
    .where(and(eq(t.id, id), or(scope.where(t), isNull(t.organizationId))))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", { messageKey: "senders.not_found" });
  return row;
}
