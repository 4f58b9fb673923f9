import { schema } from "@sms/db";
import type { TContact, TUpdateContactBody } from "@sms/domain";
import { eq } from "drizzle-orm";
import { conflictOn } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentContact } from "./present.ts";

export interface UpdateContactOptions {
  scope: TenantScope;
  id: number;
  /** Validated: a number is already in the 66 form; a field left out keeps its value. */
  input: TUpdateContactBody;
}

/** Changes a contact's names or number; another contact's number in the same group is a 409. */
export async function updateContact({ scope, id, input }: UpdateContactOptions): Promise<TContact> {
  const c = schema.contacts;
  const [row] = await conflictOn("phone_number", "contacts.phone_taken", () =>
    scope.db
      .update(c)
      .set({
        ...(input.first_name === undefined ? {} : { firstName: input.first_name }),
        ...(input.last_name === undefined ? {} : { lastName: input.last_name }),
        ...(input.phone_number === undefined ? {} : { phoneNumber: input.phone_number }),
        updatedAt: new Date(),
      })
      .where(scope.where(c, eq(c.id, id)))
      .returning(),
  );
  if (!row) throw new AppError("NOT_FOUND");
  return presentContact(row);
}
