import { type Db, schema } from "@sms/db";
import {
  ADMIN_USER_SORT,
  type TAdminUser,
  type TAdminUsersQuery,
  type TAdminUsersResponse,
} from "@sms/domain";
import { ilike, or, type SQL, sql } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { containsPattern, phoneSearchForms } from "./search.ts";

export type ListUsersOptions = TAdminUsersQuery;
export type ListUsersResult = TAdminUsersResponse["data"];

const u = schema.users;
const SORTABLE = { created_at: u.createdAt, id: u.id, email: u.email, first_name: u.firstName };

/**
 * The user's own memberships. The outer column is written out in full: in a one-table select
 * drizzle prints columns without their table, and a bare "id" inside the subquery would be the
 * members row's own id (the list once showed every user the same count).
 */
const organizationsCount = sql<number>`(select count(*)::int from ${schema.members} m where m.user_id = "users"."id")`;

/** Name (first, last or both), e-mail or phone number. */
function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(sql`${u.firstName} || ' ' || ${u.lastName}`, pattern),
    ilike(u.email, pattern),
    ...phoneSearchForms(search).map((digits) => ilike(u.phoneNumber, containsPattern(digits))),
  );
}

export function presentUser(user: typeof u.$inferSelect, organizationsCount: number): TAdminUser {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone_number: user.phoneNumber,
    roles: user.roles,
    email_verified: user.emailVerifiedAt !== null,
    phone_verified: user.phoneNumberVerifiedAt !== null,
    locked: user.lockedAt !== null,
    organizations_count: organizationsCount,
    created_at: user.createdAt.toISOString(),
  };
}

/** Every user for staff, newest first unless asked otherwise. */
export async function listUsers(db: Db, query: ListUsersOptions): Promise<ListUsersResult> {
  return paginate(db, {
    from: u,
    where: searchWhere(query.search),
    select: { user: u, organizationsCount },
    sortable: SORTABLE,
    defaultSort: ADMIN_USER_SORT.default,
    query,
    map: ({ user, organizationsCount }) => presentUser(user, Number(organizationsCount)),
  });
}
