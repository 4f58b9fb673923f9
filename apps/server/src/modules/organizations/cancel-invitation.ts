import { schema } from "@sms/db";
import { eq, isNull } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

/**
 * The owner revokes an invitation nobody has accepted (pending, expired or declined): it can no
 * longer be accepted and leaves the list. The row stays revoked, because the daily cap counts the
 * e-mails sent (ADR 33). Another organization's invitation, an accepted or a revoked one is not found.
 */
export async function cancelInvitation(
  scope: TenantScope,
  invitationId: number,
  now: Date = new Date(),
): Promise<void> {
  const i = schema.memberInvitations;
  const revoked = await scope.db
    .update(i)
    .set({ revokedAt: now })
    .where(scope.where(i, eq(i.id, invitationId), isNull(i.acceptedAt), isNull(i.revokedAt)))
    .returning({ id: i.id });
  if (revoked.length === 0) throw new AppError("NOT_FOUND");
}
