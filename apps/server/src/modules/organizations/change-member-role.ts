import { type Db, schema } from "@sms/db";
import { MEMBER_ROLE, type TMember } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { memberById } from "./list-members.ts";

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
  const o = schema.organizations;
  await db.transaction(async (tx) => {
    const [org] = await tx
      .select({ ownerId: o.ownerId })
      .from(o)
      .where(eq(o.id, scope.organizationId))
      .for("update");
    if (!org) throw new AppError("NOT_FOUND");
    const member = await scope.with(tx).findById(m, memberId);
    if (member.role === role) return;
    if (member.userId === userId) {
      throw new AppError("CONFLICT", { messageKey: "organizations.cannot_change_own_role" });
    }
    if (member.userId === org.ownerId) {
      throw new AppError("CONFLICT", { messageKey: "organizations.cannot_change_owner_role" });
    }
    if (member.role === MEMBER_ROLE.owner) {
      const owners = await tx.$count(
        m,
        and(eq(m.organizationId, scope.organizationId), eq(m.role, MEMBER_ROLE.owner)),
      );
      if (owners <= 1)
        throw new AppError("CONFLICT", { messageKey: "organizations.cannot_remove_last_owner" });
    }
    await tx.update(m).set({ role, updatedAt: new Date() }).where(eq(m.id, member.id));
  });
  return memberById(scope, memberId);
}
