import { schema } from "@sms/db";
import {
  type CONTACT_SORT,
  contactSearchOf,
  pageInformation,
  type TContactsQuery,
  type TContactsResponse,
} from "@sms/domain";
import { and, asc, desc, eq, inArray, like, type SQL, sql } from "drizzle-orm";
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

/** A name search with at most this many matches is answered from the matching ids themselves. */
const FEW_MATCHES = 1000;

function nameFilter(text: string): SQL {
  const name = sql`${c.firstName} || ' ' || ${c.lastName}`;
  const pattern = likePattern(text);
  // Case folding every row costs more than the scan itself; Thai and digits have no case to fold.
  const cased = text.toLowerCase() !== text.toUpperCase();
  return cased ? sql`lower(${name}) like lower(${pattern})` : sql`${name} like ${pattern}`;
}

/**
 * One page of a group's contacts (spec §3 Contact table), fast for a group of a million:
 * - the unfiltered total is the group's trigger-kept `contact_count`, not a COUNT(*);
 * - the page's ids are found first over the index alone (an index-only scan skips the OFFSET rows
 *   without reading them from the table), then only those rows are read;
 * - a page past the middle is read from the other end, so the last page costs what the first does.
 * A search filters by a prefix of the 66 form (the phone index) or inside the name (case-insensitive).
 */
export async function listContacts(
  scope: TenantScope,
  groupId: number,
  query: ListContactsOptions,
): Promise<ListContactsResult> {
  const group = await findGroup(scope, groupId);
  const { page, size, sort, reverse } = query;
  const search = query.search ? contactSearchOf(query.search) : undefined;
  let inGroup = eq(c.groupId, group.id);
  let total = group.contactCount;
  if (search?.kind === "phone") {
    inGroup = and(inGroup, like(c.phoneNumber, `${search.prefix}%`)) as SQL;
    total = await scope.db.$count(c, inGroup);
  } else if (search) {
    const byName = and(inGroup, nameFilter(search.text)) as SQL;
    // A name has no index: a rare name means reading the whole group once. Without an ORDER BY
    // that read stops as soon as there are more than FEW_MATCHES; when it does not, the matches
    // are all in hand and the page is sorted from them instead of walking the group in order.
    const probe = await scope.db
      .select({ id: c.id })
      .from(c)
      .where(byName)
      .limit(FEW_MATCHES + 1);
    if (probe.length <= FEW_MATCHES) {
      total = probe.length;
      if (total === 0) return { entities: [], page_information: pageInformation(page, size, 0) };
      inGroup = and(
        inGroup,
        inArray(
          c.id,
          probe.map((row) => row.id),
        ),
      ) as SQL;
    } else {
      inGroup = byName;
      total = await scope.db.$count(c, inGroup);
    }
  }

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
