import { type SQL, sql } from "drizzle-orm";

/**
 * The contacts module owns `contacts` (ADR 68, ADR 87): another module that adds contacts in a
 * statement of its own takes this part of it. Inserts a group's contacts from `source`, a relation
 * (a CTE name) with row_number, first_name, last_name and phone_number, last row first; a number
 * already in the group is skipped, not doubled (`on conflict do nothing`). Answers one row per
 * contact inserted (its id and phone_number), for counting and for its opt-in (recordOptInsSql).
 */
export function insertGroupContactsSql(source: SQL, organizationId: number, groupId: number): SQL {
  return sql`insert into contacts (organization_id, group_id, first_name, last_name, phone_number)
          select ${organizationId}, ${groupId}, first_name, last_name, phone_number from ${source}
          order by row_number desc
          on conflict do nothing
          returning id, phone_number`;
}
