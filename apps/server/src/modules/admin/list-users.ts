import { type Db, schema } from "@sms/db";
import { ADMIN_USER_SORT, type TAdminUsersQuery, type TAdminUsersResponse } from "@sms/domain";
import { ilike, or, type SQL, sql } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { containsPattern, phoneSearchForms } from "./search.ts";

export type ListUsersOptions = TAdminUsersQuery;
export type ListUsersResult = TAdminUsersResponse["data"];

const u = schema.users;
const SORTABLE = { created_at: u.createdAt, id: u.id, email: u.email, first_name: u.firstName };

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

/** Every user for staff, newest first unless asked otherwise. */
export async function listUsers(db: Db, query: ListUsersOptions): Promise<ListUsersResult> {
  return paginate(db, {
    from: u,
    where: searchWhere(query.search),
    select: {
      user: u,
      organizationsCount: sql<number>`(select count(*)::int from ${schema.members} where ${schema.members.userId} = ${u.id})`,
    },
    sortable: SORTABLE,
    defaultSort: ADMIN_USER_SORT.default,
    query,
    map: ({ user, organizationsCount }) => ({
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone_number: user.phoneNumber,
      roles: user.roles,
      email_verified: user.emailVerifiedAt !== null,
      phone_verified: user.phoneNumberVerifiedAt !== null,
      locked: user.lockedAt !== null,
      organizations_count: Number(organizationsCount),
      created_at: user.createdAt.toISOString(),
    }),
  });
}
