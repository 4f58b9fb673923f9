import { schema } from "@sms/db";
import { CONTACT_GROUP_SORT, type TContactGroupsQuery, type TContactGroupsResponse } from "@sms/domain";
import { ilike } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { likePattern } from "./like-pattern.ts";
import { presentGroup } from "./present.ts";

export type ListContactGroupsOptions = TContactGroupsQuery;
export type ListContactGroupsResult = TContactGroupsResponse["data"];

const g = schema.contactGroups;

/** Columns behind CONTACT_GROUP_SORT: the count is the trigger-kept column, never a COUNT(*). */
const SORTABLE = { created_at: g.createdAt, name: g.name, contact_count: g.contactCount };

/** The organization's contact groups (spec §2 /contacts), newest first; `search` looks inside the name. */
export async function listContactGroups(
  scope: TenantScope,
  query: ListContactGroupsOptions,
): Promise<ListContactGroupsResult> {
  return paginate(scope.db, {
    from: g,
    where: scope.where(g, query.search ? ilike(g.name, likePattern(query.search)) : undefined),
    sortable: SORTABLE,
    defaultSort: CONTACT_GROUP_SORT.default,
    query,
    map: presentGroup,
  });
}
