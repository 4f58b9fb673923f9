import { type Db, schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { moveOffOrganization } from "../auth/index.ts";

export interface DeleteMemberOptions {
  scope: TenantScope;
  /** The owner who removes. */
  userId: number;
  memberId: number;
}

/**
 * The owner removes a member (spec §6). Not oneself, not the organization's owner and never the
 * last Owner member, whatever requests race (the organization row is locked). A removed member
 * whose current organization this was moves to another membership, or to none.
 */
export async function deleteMember(db: Db, { scope, userId, memberId }: DeleteMemberOptions): Promise<void> {
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
    if (member.userId === userId) {
      throw new AppError("CONFLICT", { messageKey: "organizations.cannot_remove_self" });
    }
    if (member.userId === org.ownerId) {
      throw new AppError("CONFLICT", { messageKey: "organizations.cannot_remove_owner" });
    }
    if (member.role === MEMBER_ROLE.owner) {
      const owners = await tx.$count(
        m,
        and(eq(m.organizationId, scope.organizationId), eq(m.role, MEMBER_ROLE.owner)),
      );
      if (owners <= 1)
        throw new AppError("CONFLICT", { messageKey: "organizations.cannot_remove_last_owner" });
    }
    // The member's credit entries stay; the ledger lets the foreign key detach them (migration 0007).
    await tx.delete(m).where(eq(m.id, member.id));
    await moveOffOrganization(tx, member.userId, scope.organizationId);
  });
}
