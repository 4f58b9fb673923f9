import { schema } from "@sms/db";
import { getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * SQL fragments the organization queries share. The inner tables get their own aliases so a
 * fragment can sit in a select over `members`, `organizations` or `credit_entries` and refer to
 * the outer row.
 */

/**
 * `"table"."column"`: drizzle writes a bare `"id"` in a one-table select, which inside a subquery
 * would name the subquery's own column instead of the outer row's.
 */
export function outer(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** "First Last" of the user with this id. */
export function userNameOf(userId: PgColumn): SQL<string> {
  return sql<string>`(select trim(nu.first_name || ' ' || nu.last_name) from ${schema.users} nu where nu.id = ${outer(userId)})`;
}

export function userEmailOf(userId: PgColumn): SQL<string> {
  return sql<string>`(select eu.email from ${schema.users} eu where eu.id = ${outer(userId)})`;
}

/** The name of the member's user, or null (an entry of the system or of staff). */
export function memberNameOf(memberId: PgColumn): SQL<string | null> {
  return sql<string | null>`(select trim(mu.first_name || ' ' || mu.last_name)
    from ${schema.members} mm join ${schema.users} mu on mu.id = mm.user_id where mm.id = ${outer(memberId)})`;
}

/**
 * Credits the member used less what was refunded for those sends (spec §6 member credit usage):
 * `used` entries are negative and `refunded` positive, so the usage is minus their sum.
 */
export function creditUsageOf(memberId: PgColumn): SQL<string> {
  return sql<string>`coalesce((select -sum(cu.credits) from ${schema.creditEntries} cu
    where cu.member_id = ${outer(memberId)} and cu.type in ('used', 'refunded')), 0)`;
}

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
