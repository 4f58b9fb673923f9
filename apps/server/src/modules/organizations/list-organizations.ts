import { type Db, schema } from "@sms/db";
import {
  ORGANIZATION_SORT,
  type TOrganizationListItem,
  type TOrganizationsListQuery,
  type TOrganizationsListResponse,
} from "@sms/domain";
import { eq, inArray, sql } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { iso, outer, userNameOf } from "./sql.ts";

export interface ListOrganizationsOptions {
  userId: number;
  /** The caller's current organization (null without a membership in it). */
  currentOrganizationId: number | null;
  query: TOrganizationsListQuery;
}
export type ListOrganizationsResult = TOrganizationsListResponse["data"];

const o = schema.organizations;
const m = schema.members;

/** The organizations the user is a member of; the current one carries `current_member` (spec §3/§7). */
export async function listOrganizations(
  db: Db,
  { userId, currentOrganizationId, query }: ListOrganizationsOptions,
): Promise<ListOrganizationsResult> {
  const mine = db.select({ id: m.organizationId }).from(m).where(eq(m.userId, userId));
  return paginate(db, {
    from: o,
    where: inArray(o.id, mine),
    select: {
      id: o.id,
      name: o.name,
      ownerId: o.ownerId,
      ownerName: userNameOf(o.ownerId),
      credits: o.credits,
      creditExpiredOn: o.creditExpiredOn,
      memberId: sql<number>`(select sm.id from ${m} sm where sm.organization_id = ${outer(o.id)} and sm.user_id = ${userId})`,
      memberRole: sql<number>`(select rm.role from ${m} rm where rm.organization_id = ${outer(o.id)} and rm.user_id = ${userId})`,
    },
    sortable: { id: o.id, name: o.name },
    defaultSort: ORGANIZATION_SORT.default,
    query,
    map: (r): TOrganizationListItem => ({
      id: r.id,
      name: r.name,
      owner: { id: r.ownerId, name: r.ownerName },
      credits: r.credits,
      credit_expired_on: iso(r.creditExpiredOn),
      member_role: Number(r.memberRole),
      current_member: r.id === currentOrganizationId ? { id: Number(r.memberId) } : null,
    }),
  });
}
