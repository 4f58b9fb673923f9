import { schema, type Tx } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

/**
 * Locks the organization's row for the rest of the transaction, so that requests changing its
 * members (an invitation against the cap, a removal or a role change against "the last Owner")
 * run one after the other. Answers the organization's owner; NOT_FOUND when it is gone.
 */
export async function lockOrganization(tx: Tx, scope: TenantScope): Promise<{ ownerId: number }> {
  const o = schema.organizations;
  const [org] = await tx
    .select({ ownerId: o.ownerId })
    .from(o)
    .where(eq(o.id, scope.organizationId))
    .for("update");
  if (!org) throw new AppError("NOT_FOUND");
  return org;
}

/** Refuses to remove the Owner role from the organization's last Owner member (run under lockOrganization). */
export async function refuseLastOwner(tx: Tx, scope: TenantScope, member: { role: number }): Promise<void> {
  if (member.role !== MEMBER_ROLE.owner) return;
  const m = schema.members;
  const owners = await tx.$count(
    m,
    and(eq(m.organizationId, scope.organizationId), eq(m.role, MEMBER_ROLE.owner)),
  );
  if (owners <= 1) throw new AppError("CONFLICT", { messageKey: "organizations.cannot_remove_last_owner" });
}
