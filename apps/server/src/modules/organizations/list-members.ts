import { type Db, schema } from "@sms/db";
import {
  MEMBER_CREDIT_USAGE_SORT,
  MEMBER_SORT,
  type TCreditUsageSummary,
  type TMember,
  type TMemberCreditUsage,
  type TMemberCreditUsagesQuery,
  type TMembersListQuery,
} from "@sms/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Page, paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { creditUsageOf, outer, userEmailOf, userNameOf } from "./sql.ts";

export interface ListMembersOptions {
  scope: TenantScope;
  query: TMembersListQuery;
  /** Spec §6: member credit usage is the owner's to see. */
  withCreditUsage: boolean;
}

const m = schema.members;

function memberFields(db: Db, organizationId: number) {
  const ownerId = db
    .select({ id: schema.organizations.ownerId })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  return {
    id: m.id,
    userId: m.userId,
    role: m.role,
    createdAt: m.createdAt,
    name: userNameOf(m.userId),
    email: userEmailOf(m.userId),
    creditUsage: creditUsageOf(m.id),
    isOwner: sql<boolean>`${outer(m.userId)} = (${ownerId})`,
  };
}

/** The organization's members with name, e-mail, role and (for owners) credit usage. */
export async function listMembers({ scope, query, withCreditUsage }: ListMembersOptions) {
  const fields = memberFields(scope.db, scope.organizationId);
  return paginate(scope.db, {
    from: m,
    where: scope.where(m),
    select: fields,
    sortable: {
      created_at: m.createdAt,
      name: sql`lower(${fields.name})`,
      email: sql`lower(${fields.email})`,
      role: m.role,
    },
    defaultSort: MEMBER_SORT.default,
    query,
    map: (r): TMember => ({
      id: r.id,
      user_id: r.userId,
      name: r.name,
      email: r.email,
      role: r.role,
      credit_usage: withCreditUsage ? Number(r.creditUsage) : null,
      is_owner: Boolean(r.isOwner),
      created_at: r.createdAt.toISOString(),
    }),
  });
}

/** One member as listed, for the answer to adding it. */
export async function memberById(scope: TenantScope, memberId: number): Promise<TMember> {
  const [r] = await scope.db
    .select(memberFields(scope.db, scope.organizationId))
    .from(m)
    .where(scope.where(m, eq(m.id, memberId)));
  if (!r) throw new Error(`member ${memberId} vanished`);
  return {
    id: r.id,
    user_id: r.userId,
    name: r.name,
    email: r.email,
    role: r.role,
    credit_usage: Number(r.creditUsage),
    is_owner: Boolean(r.isOwner),
    created_at: r.createdAt.toISOString(),
  };
}

/** Spec §6 member credit usage: credits used less refunds, highest first by default. */
export async function listMemberCreditUsages(
  scope: TenantScope,
  query: TMemberCreditUsagesQuery,
): Promise<Page<TMemberCreditUsage>> {
  const fields = memberFields(scope.db, scope.organizationId);
  return paginate(scope.db, {
    from: m,
    where: scope.where(m),
    select: fields,
    sortable: { credit_usage: fields.creditUsage, name: sql`lower(${fields.name})` },
    defaultSort: MEMBER_CREDIT_USAGE_SORT.default,
    query,
    map: (r): TMemberCreditUsage => ({
      member_id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      credit_usage: Number(r.creditUsage),
    }),
  });
}

/** What the members' sends used together, and what no member's did (API, system, former members). */
export async function creditUsageSummary(scope: TenantScope): Promise<TCreditUsageSummary> {
  const c = schema.creditEntries;
  const [row] = await scope.db
    .select({
      total: sql<string>`coalesce(-sum(${c.credits}), 0)`,
      members: sql<string>`coalesce(-sum(${c.credits}) filter (where ${c.memberId} in
        (select id from ${m} where ${m.organizationId} = ${scope.organizationId})), 0)`,
    })
    .from(c)
    .where(and(eq(c.organizationId, scope.organizationId), inArray(c.type, ["used", "refunded"])));
  const total = Number(row?.total ?? 0);
  const members = Number(row?.members ?? 0);
  return { total, members, unattributed: total - members };
}
