import { schema } from "@sms/db";
import type { TenantScope } from "../../platform/tenant.ts";

export type GroupRow = typeof schema.contactGroups.$inferSelect;

/** One contact group of the organization; another organization's id is NOT_FOUND. */
export function findGroup(scope: TenantScope, id: number): Promise<GroupRow> {
  return scope.findById(schema.contactGroups, id);
}
