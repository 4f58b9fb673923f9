import { schema } from "@sms/db";
import type { TContactGroup, TUpdateContactGroupRequest } from "@sms/domain";
import { eq } from "drizzle-orm";
import { conflictOn } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentGroup } from "./present.ts";

export interface UpdateContactGroupOptions {
  scope: TenantScope;
  id: number;
  input: TUpdateContactGroupRequest;
}

/** Renames a group of the organization; another group's name (any case) is a 409. */
export async function updateContactGroup({
  scope,
  id,
  input,
}: UpdateContactGroupOptions): Promise<TContactGroup> {
  const g = schema.contactGroups;
  const [row] = await conflictOn("name", "contacts.group_name_taken", () =>
    scope.db
      .update(g)
      .set({ name: input.name, updatedAt: new Date() })
      .where(scope.where(g, eq(g.id, id)))
      .returning(),
  );
  if (!row) throw new AppError("NOT_FOUND");
  return presentGroup(row);
}
