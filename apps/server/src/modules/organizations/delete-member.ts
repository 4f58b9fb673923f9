import { type Db, schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { moveOffOrganization } from "../auth/index.ts";
import { lockOrganization, refuseLastOwner } from "./member-rules.ts";

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
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, scope);
    const member = await scope.with(tx).findById(m, memberId);
    if (member.userId === userId) {
      throw new AppError("CONFLICT", { messageKey: "organizations.cannot_remove_self" });
    }
    if (member.userId === org.ownerId) {
      throw new AppError("CONFLICT", { messageKey: "organizations.cannot_remove_owner" });
    }
    await refuseLastOwner(tx, scope, member);
    // The member's credit entries stay; the ledger lets the foreign key detach them (migration 0007).
    await tx.delete(m).where(eq(m.id, member.id));
    await moveOffOrganization(tx, member.userId, scope.organizationId);
  });
}
