import { schema } from "@sms/db";
import { and, eq, inArray } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";
import { findGroup } from "./find-group.ts";

export interface DeleteContactsOptions {
  scope: TenantScope;
  groupId: number;
  /** At most CONTACT_BULK_DELETE_MAX, checked by the contract. */
  ids: number[];
}

/**
 * Deletes the selected contacts of one group in a single statement (the count trigger then runs
 * once). Ids of other groups or organizations are not touched; the answer counts what went.
 */
export async function deleteContacts({
  scope,
  groupId,
  ids,
}: DeleteContactsOptions): Promise<{ deleted: number }> {
  const group = await findGroup(scope, groupId);
  const c = schema.contacts;
  const rows = await scope.db
    .delete(c)
    .where(scope.where(c, and(eq(c.groupId, group.id), inArray(c.id, [...new Set(ids)]))))
    .returning({ id: c.id });
  return { deleted: rows.length };
}
