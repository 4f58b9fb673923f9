import { type Db, schema } from "@sms/db";
import { ADMIN_RECENT_CREDIT_ENTRIES, type Locale, type TAdminOrganizationDetail } from "@sms/domain";
import { asc, desc, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { creditSubjects } from "../credits/index.ts";
import { membersCount } from "./list-organizations.ts";
import { fullName, presentCreditEntry, presentOrganization } from "./present.ts";

const o = schema.organizations;

/** One organization as staff see it: owner, members, balance, expiry, suspension and the latest credit entries. */
export async function getOrganization(
  db: Db,
  organizationId: number,
  locale: Locale,
): Promise<TAdminOrganizationDetail> {
  const [row] = await db
    .select({ organization: o, owner: schema.users, membersCount })
    .from(o)
    .innerJoin(schema.users, eq(schema.users.id, o.ownerId))
    .where(eq(o.id, organizationId));
  if (!row) throw new AppError("NOT_FOUND");
  const [members, entries] = await Promise.all([
    db
      .select({ member: schema.members, user: schema.users })
      .from(schema.members)
      .innerJoin(schema.users, eq(schema.users.id, schema.members.userId))
      .where(eq(schema.members.organizationId, organizationId))
      .orderBy(desc(schema.members.role), asc(schema.members.createdAt), asc(schema.members.id)),
    db
      .select()
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.organizationId, organizationId))
      .orderBy(desc(schema.creditEntries.createdAt), desc(schema.creditEntries.id))
      .limit(ADMIN_RECENT_CREDIT_ENTRIES),
  ]);
  const subjects = await creditSubjects(db, organizationId, entries, locale);
  return {
    ...presentOrganization(row.organization, row.owner, Number(row.membersCount)),
    credit_trial_redeemed_at: row.organization.creditTrialRedeemedAt?.toISOString() ?? null,
    members: members.map(({ member, user }) => ({
      member_id: member.id,
      id: user.id,
      name: fullName(user),
      email: user.email,
      phone_number: user.phoneNumber,
      role: member.role,
      joined_at: member.createdAt.toISOString(),
    })),
    recent_credit_entries: entries.map((e, i) => presentCreditEntry(e, locale, subjects[i]!)),
  };
}
