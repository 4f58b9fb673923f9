import { type Db, schema } from "@sms/db";
import type { TMe } from "@sms/domain";
import { desc, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Spec §3 "Me": the user, the default organization's credit state and the latest terms acceptance. */
export async function getMe(db: Db, userId: number): Promise<TMe> {
  const u = schema.users;
  const o = schema.organizations;
  const [row] = await db
    .select({ user: u, org: o })
    .from(u)
    .leftJoin(o, eq(o.id, u.defaultOrganizationId))
    .where(eq(u.id, userId));
  if (!row) throw new AppError("UNAUTHORIZED");
  const [tnc] = await db
    .select({ version: schema.tncLogs.version, acceptedAt: schema.tncLogs.acceptedAt })
    .from(schema.tncLogs)
    .where(eq(schema.tncLogs.userId, userId))
    .orderBy(desc(schema.tncLogs.acceptedAt), desc(schema.tncLogs.id))
    .limit(1);
  const { user, org } = row;
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone_number: user.phoneNumber,
    roles: user.roles,
    default_organization_id: user.defaultOrganizationId,
    default_organization: org
      ? {
          id: org.id,
          name: org.name,
          credits: org.credits,
          credit_expired_on: iso(org.creditExpiredOn),
          credit_trial_redeemed_at: iso(org.creditTrialRedeemedAt),
          suspension:
            org.suspendedUntil && org.suspendedUntil.getTime() > Date.now()
              ? { until: org.suspendedUntil.toISOString(), reason: org.suspensionReason ?? "" }
              : null,
        }
      : null,
    tnc_log: tnc ? { version: tnc.version, accepted_at: tnc.acceptedAt.toISOString() } : null,
    tnc_version: tnc?.version ?? null,
    tnc_accepted_at: iso(tnc?.acceptedAt ?? null),
    phone_number_verified_at: iso(user.phoneNumberVerifiedAt),
    email_verified_at: iso(user.emailVerifiedAt),
  };
}
