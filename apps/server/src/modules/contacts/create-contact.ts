import { schema } from "@sms/db";
import type { TContact, TCreateContactBody } from "@sms/domain";
import { conflictOn } from "../../db-errors.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { agreedText } from "./consent-wording.ts";
import { recordOptIn } from "./consents.ts";
import { findGroup } from "./find-group.ts";
import { presentContact } from "./present.ts";

export interface CreateContactOptions {
  scope: TenantScope;
  groupId: number;
  /** Validated: the number is already in the 66 form. */
  input: TCreateContactBody;
  /** Who added it (the consent entry's user). */
  userId: number | null;
}

/**
 * Adds a contact to a group of the organization, with its opt-in in the number's consent history
 * (the form's or the caller's, and the text agreed, ADR 94; the organization's current wording when
 * the caller gives none, ADR 108), in one transaction; a number already in the group is a 409 and
 * records nothing.
 */
export async function createContact({
  scope,
  groupId,
  input,
  userId,
}: CreateContactOptions): Promise<TContact> {
  const group = await findGroup(scope, groupId);
  const row = await conflictOn("phone_number", "contacts.phone_taken", () =>
    scope.db.transaction(async (tx) => {
      const inTx = new TenantScope(tx, scope.organizationId);
      const [inserted] = await tx
        .insert(schema.contacts)
        .values(
          inTx.stamp({
            groupId: group.id,
            firstName: input.first_name,
            lastName: input.last_name,
            phoneNumber: input.phone_number,
          }),
        )
        .returning();
      if (!inserted) throw new Error("contact insert returned no row");
      await recordOptIn(inTx, inserted, {
        source: input.consent_source,
        ...(await agreedText(tx, scope.organizationId, input.consent_statement)),
        userId,
      });
      return inserted;
    }),
  );
  return presentContact(row);
}
