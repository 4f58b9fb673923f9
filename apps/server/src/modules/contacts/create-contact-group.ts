import { schema } from "@sms/db";
import type { TContactGroup, TCreateContactGroupRequest } from "@sms/domain";
import { conflictOn } from "../../db-errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentGroup } from "./present.ts";

export interface CreateContactGroupOptions {
  scope: TenantScope;
  userId: number;
  input: TCreateContactGroupRequest;
}

/** A new, empty group; its name is unique in the organization, ignoring case (a unique index decides). */
export async function createContactGroup({
  scope,
  userId,
  input,
}: CreateContactGroupOptions): Promise<TContactGroup> {
  const [row] = await conflictOn("name", "contacts.group_name_taken", () =>
    scope.db
      .insert(schema.contactGroups)
      .values(scope.stamp({ name: input.name, createdBy: userId }))
      .returning(),
  );
  if (!row) throw new Error("contact group insert returned no row");
  return presentGroup(row);
}
