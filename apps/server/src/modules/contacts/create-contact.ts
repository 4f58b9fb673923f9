import { schema } from "@sms/db";
import type { TContact, TCreateContactBody } from "@sms/domain";
import { conflictOn } from "../../db-errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { findGroup } from "./find-group.ts";
import { presentContact } from "./present.ts";

export interface CreateContactOptions {
  scope: TenantScope;
  groupId: number;
  /** Validated: the number is already in the 66 form. */
  input: TCreateContactBody;
}

/** Adds a contact to a group of the organization; a number already in the group is a 409. */
export async function createContact({ scope, groupId, input }: CreateContactOptions): Promise<TContact> {
  const group = await findGroup(scope, groupId);
  const [row] = await conflictOn("phone_number", "contacts.phone_taken", () =>
    scope.db
      .insert(schema.contacts)
      .values(
        scope.stamp({
          groupId: group.id,
          firstName: input.first_name,
          lastName: input.last_name,
          phoneNumber: input.phone_number,
        }),
      )
      .returning(),
  );
  if (!row) throw new Error("contact insert returned no row");
  return presentContact(row);
}
