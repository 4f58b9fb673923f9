import { schema } from "@sms/db";
import type { TContact, TUpdateContactBody } from "@sms/domain";
import { eq } from "drizzle-orm";
import { conflictOn } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { agreedText } from "./consent-wording.ts";
import { recordOptIn } from "./consents.ts";
import { presentContact } from "./present.ts";

export interface UpdateContactOptions {
  scope: TenantScope;
  id: number;
  /** Validated: a number is already in the 66 form; a field left out keeps its value. */
  input: TUpdateContactBody;
  /** Who changed it (the new number's consent entry's user). */
  userId: number | null;
}

/**
 * Changes a contact's names or number; another contact's number in the same group is a 409. A new
 * number gets its opt-in in its consent history (the form's or the caller's, with the text agreed;
 * ADR 94) in the same transaction, so every contact's number has one; the old number keeps its
 * history. The same number again records nothing.
 */
export async function updateContact({ scope, id, input, userId }: UpdateContactOptions): Promise<TContact> {
  const c = schema.contacts;
  const row = await conflictOn("phone_number", "contacts.phone_taken", () =>
    scope.db.transaction(async (tx) => {
      const inTx = new TenantScope(tx, scope.organizationId);
      const [before] = await tx
        .select({ phoneNumber: c.phoneNumber })
        .from(c)
        .where(inTx.where(c, eq(c.id, id)))
        .for("update");
      if (!before) throw new AppError("NOT_FOUND");
      const [updated] = await tx
        .update(c)
        .set({
          ...(input.first_name === undefined ? {} : { firstName: input.first_name }),
          ...(input.last_name === undefined ? {} : { lastName: input.last_name }),
          ...(input.phone_number === undefined ? {} : { phoneNumber: input.phone_number }),
          updatedAt: new Date(),
        })
        .where(inTx.where(c, eq(c.id, id)))
        .returning();
      if (!updated) throw new AppError("NOT_FOUND");
      if (updated.phoneNumber !== before.phoneNumber) {
        await recordOptIn(inTx, updated, {
          source: input.consent_source,
          ...(await agreedText(tx, scope.organizationId, input.consent_statement)),
          userId,
        });
      }
      return updated;
    }),
  );
  return presentContact(row);
}
