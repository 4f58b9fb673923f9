import { type Db, schema } from "@sms/db";
import type { TOrganization } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { iso } from "./sql.ts";

export interface GetOrganizationOptions {
  organizationId: number;
  memberRole: number;
  /** The caller's current organization. */
  currentOrganizationId: number | null;
  now?: Date;
}

/** Spec §3 Organization as its members see it, with staff's suspension while it lasts. */
export async function getOrganization(
  db: Db,
  { organizationId, memberRole, currentOrganizationId, now = new Date() }: GetOrganizationOptions,
): Promise<TOrganization> {
  const o = schema.organizations;
  const u = schema.users;
  const [row] = await db
    .select({ org: o, owner: { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email } })
    .from(o)
    .innerJoin(u, eq(u.id, o.ownerId))
    .where(eq(o.id, organizationId));
  if (!row) throw new AppError("NOT_FOUND");
  const membersCount = await db.$count(schema.members, eq(schema.members.organizationId, organizationId));
  const { org, owner } = row;
  const suspended = org.suspendedUntil && org.suspendedUntil.getTime() > now.getTime();
  return {
    id: org.id,
    name: org.name,
    owner: { id: owner.id, name: `${owner.firstName} ${owner.lastName}`.trim(), email: owner.email },
    credits: org.credits,
    credit_expired_on: iso(org.creditExpiredOn),
    credit_trial_redeemed_at: iso(org.creditTrialRedeemedAt),
    members_count: membersCount,
    member_role: memberRole,
    is_current: org.id === currentOrganizationId,
    suspension:
      suspended && org.suspendedUntil
        ? { until: org.suspendedUntil.toISOString(), reason: org.suspensionReason ?? "" }
        : null,
  };
}
