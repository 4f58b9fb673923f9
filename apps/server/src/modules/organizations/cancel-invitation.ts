import { schema } from "@sms/db";
import { eq, isNull } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

/**
 * The owner cancels an invitation nobody has accepted yet (issue 10): the row goes, so a later
 * registration with that e-mail joins nothing. Another organization's invitation or an accepted
 * one is not found.
 */
export async function cancelInvitation(scope: TenantScope, invitationId: number): Promise<void> {
  const i = schema.memberInvitations;
  const deleted = await scope.db
    .delete(i)
    .where(scope.where(i, eq(i.id, invitationId), isNull(i.acceptedAt)))
    .returning({ id: i.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND");
}
