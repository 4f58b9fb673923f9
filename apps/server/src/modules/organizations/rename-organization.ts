import { type Db, schema } from "@sms/db";
import type { TRenameOrganizationRequest } from "@sms/domain";
import { eq } from "drizzle-orm";

export interface RenameOrganizationOptions {
  organizationId: number;
  input: { name: TRenameOrganizationRequest["name"] };
}

/** The owner renames the organization; the body's other fields never reach here (the contract strips them). */
export async function renameOrganization(db: Db, { organizationId, input }: RenameOrganizationOptions) {
  const o = schema.organizations;
  await db.update(o).set({ name: input.name, updatedAt: new Date() }).where(eq(o.id, organizationId));
}
