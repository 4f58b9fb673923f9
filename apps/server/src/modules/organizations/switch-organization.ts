import { type Db, schema } from "@sms/db";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { setDefaultOrganization } from "../auth/index.ts";

export interface SwitchOrganizationOptions {
  userId: number;
  organizationId: number;
}

/**
 * Spec §4 organization switch: the chosen organization becomes the user's current one. Only an
 * organization the user is a member of; any other id is not found, for staff too (staff work on
 * other organizations through the back office, which records what they do).
 */
export async function switchOrganization(
  db: Db,
  { userId, organizationId }: SwitchOrganizationOptions,
): Promise<void> {
  const m = schema.members;
  const [membership] = await db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.userId, userId), eq(m.organizationId, organizationId)));
  if (!membership) throw new AppError("NOT_FOUND");
  await setDefaultOrganization(db, userId, organizationId, new Date());
}
