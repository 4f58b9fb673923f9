import { schema } from "@sms/db";
import {
  type CONTACT_SORT,
  contactSearchOf,
  pageInformation,
  type TContactsQuery,
  type TContactsResponse,
} from "@sms/domain";
import { and, asc, desc, eq, ilike, inArray, like, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";
import { findGroup } from "./find-group.ts";
import { likePattern } from "./like-pattern.ts";
import { presentContact } from "./present.ts";

export type ListContactsOptions = TContactsQuery;
export type ListContactsResult = TContactsResponse["data"];
type SortKey = (typeof CONTACT_SORT.keys)[number];

const c = schema.contacts;

/** The whole order of each sort key, ending on a unique column so pages never overlap. */
function orderOf(key: SortKey, reverse: boolean): SQL[] {
  const dir = reverse ? desc : asc;
  switch (key) {
    case "created_at":
      // The (group_id, created_at, id) index, read forwards or backwards.
      return [dir(c.createdAt), dir(c.id)];
    case "phone_number":
      // Unique within the group. The (group_id, phone_number text_pattern_ops) index is ordered by
      // the pattern operators, so the order names them to let that index serve it.
      return [reverse ? sql`${c.phoneNumber} using ~>~` : sql`${c.phoneNumber} using ~<~`];
    case "name":
      return [dir(c.firstName), dir(c.lastName), dir(c.id)];
  }
}

function searchFilter(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const search = contactSearchOf(text);
  if (search.kind === "phone") return like(c.phoneNumber, `${search.prefix}%`);
  return ilike(sql`${c.firstName} || ' ' || ${c.lastName}`, likePattern(search.text));
}

/**
 * One page of a group's contacts (spec §3 Contact table), fast for a group of a million:
 * - the unfiltered total is the group's trigger-kept `contact_count`, not a COUNT(*);
 * - the page's ids are found first over the index alone (an index-only scan skips the OFFSET rows
 *   without reading them from the table), then only those rows are read;
 * - a page past the middle is read from the other end, so the last page costs what the first does.
 * A search filters by a prefix of the 66 form (the phone index) or inside the name.
 */
export async function listContacts(
  scope: TenantScope,
  groupId: number,
  query: ListContactsOptions,
): Promise<ListContactsResult> {
  const group = await findGroup(scope, groupId);
  const { page, size, sort, reverse } = query;
  const filter = searchFilter(query.search);
  const inGroup = and(eq(c.groupId, group.id), filter);
  const total = filter ? await scope.db.$count(c, inGroup) : group.contactCount;

  const offset = (page - 1) * size;
  if (offset >= total) return { entities: [], page_information: pageInformation(page, size, total) };
  const fromEnd = offset > total / 2;
  const readReverse = fromEnd ? !reverse : reverse;
  const limit = Math.min(size, total - offset);
  const readOffset = fromEnd ? total - offset - limit : offset;
  const order = orderOf(sort, readReverse);

  const ids = scope.db
    .select({ id: c.id })
    .from(c)
    .where(inGroup)
    .orderBy(...order)
    .limit(limit)
    .offset(readOffset);
  const rows = await scope.db
    .select({
      id: c.id,
      groupId: c.groupId,
      firstName: c.firstName,
      lastName: c.lastName,
      phoneNumber: c.phoneNumber,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    })
    .from(c)
    .where(scope.where(c, inArray(c.id, ids)))
    .orderBy(...order);
  if (fromEnd) rows.reverse();
  return { entities: rows.map(presentContact), page_information: pageInformation(page, size, total) };
}
