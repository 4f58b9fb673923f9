import { type Db, schema } from "@sms/db";
import type { TMe } from "@sms/domain";
import { desc, eq, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Spec §3 "Me": the user, the default organization's credit state and the latest terms acceptance. */
export async function getMe(db: Db, userId: number): Promise<TMe> {
  const u = schema.users;
  const o = schema.organizations;
  const t = schema.tncLogs;
  // One statement (the latest acceptance as a lateral join): on the embedded database every round
  // trip waits for its one session, and this page is what a signed-in screen asks first (ADR 29).
  const tnc = db
    .select({ version: t.version, acceptedAt: t.acceptedAt })
    .from(t)
    .where(eq(t.userId, u.id))
    .orderBy(desc(t.acceptedAt), desc(t.id))
    .limit(1)
    .as("tnc");
  const [row] = await db
    .select({ user: u, org: o, tnc: { version: tnc.version, acceptedAt: tnc.acceptedAt } })
    .from(u)
    .leftJoin(o, eq(o.id, u.defaultOrganizationId))
    .leftJoinLateral(tnc, sql`true`)
    .where(eq(u.id, userId));
  if (!row) throw new AppError("UNAUTHORIZED");
  const { user, org } = row;
  const tncRow = row.tnc?.version != null && row.tnc.acceptedAt ? row.tnc : null;
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
    tnc_log: tncRow ? { version: tncRow.version, accepted_at: tncRow.acceptedAt.toISOString() } : null,
    tnc_version: tncRow?.version ?? null,
    tnc_accepted_at: iso(tncRow?.acceptedAt ?? null),
    phone_number_verified_at: iso(user.phoneNumberVerifiedAt),
    email_verified_at: iso(user.emailVerifiedAt),
  };
}
