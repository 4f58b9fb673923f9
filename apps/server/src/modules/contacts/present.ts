import type { schema } from "@sms/db";
import { type TContact, type TContactGroup, toLocalPhone } from "@sms/domain";

type GroupRow = typeof schema.contactGroups.$inferSelect;
type ContactRow = Pick<
  typeof schema.contacts.$inferSelect,
  "id" | "groupId" | "firstName" | "lastName" | "phoneNumber" | "createdAt" | "updatedAt"
>;

export function presentGroup(row: GroupRow): TContactGroup {
  return {
    id: row.id,
    name: row.name,
    contact_count: row.contactCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A contact as the organization reads it: the stored 66 form shown as 0XXXXXXXXX. */
export function presentContact(row: ContactRow): TContact {
  return {
    id: row.id,
    group_id: row.groupId,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: toLocalPhone(row.phoneNumber),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
