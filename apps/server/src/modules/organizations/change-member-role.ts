import { type Db, schema } from "@sms/db";
import type { TMember } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { memberById } from "./list-members.ts";
import { lockOrganization, refuseLastOwner } from "./member-rules.ts";

export interface ChangeMemberRoleOptions {
  scope: TenantScope;
  /** The owner who changes it. */
  userId: number;
  memberId: number;
  role: number;
}

/**
 * The owner gives a member another role (spec §6 roles, issue 24 D49), under the rules of removal:
 * not one's own role, not the organization's owner's, and never the last Owner's, whatever requests
 * race (the organization row is locked). The same role again changes nothing.
 */
export async function changeMemberRole(
  db: Db,
  { scope, userId, memberId, role }: ChangeMemberRoleOptions,
): Promise<TMember> {
  const m = schema.members;
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, scope);
    const member = await scope.with(tx).findById(m, memberId);
    if (member.role === role) return;
    if (member.userId === userId) {
      throw new AppError("CONFLICT", { messageKey: "organizations.cannot_change_own_role" });
    }
    if (member.userId === org.ownerId) {
      throw new AppError("CONFLICT", { messageKey: "organizations.cannot_change_owner_role" });
    }
    await refuseLastOwner(tx, scope, member);
    await tx.update(m).set({ role, updatedAt: new Date() }).where(eq(m.id, member.id));
  });
  return memberById(scope, memberId);
}
