import { type Db, schema } from "@sms/db";
import {
  ADMIN_SENDER_SORT,
  type Locale,
  type TAdminSendersQuery,
  type TAdminSendersResponse,
} from "@sms/domain";
import { and, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { withAdminExtras } from "./sender-extras.ts";

export type ListAdminSendersOptions = TAdminSendersQuery;
export type ListAdminSendersResult = TAdminSendersResponse["data"];

const t = schema.senders;

/** Columns behind ADMIN_SENDER_SORT. */
const SORTABLE = { created_at: t.createdAt, id: t.id, name: t.name, status: t.status };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The staff's sender queue: every organization, oldest first so the longest wait is decided first,
 * filtered by status and searched by sender name, organization name or requester (name or e-mail).
 */
export async function listAdminSenders(
  db: Db,
  query: ListAdminSendersOptions,
  locale: Locale,
): Promise<ListAdminSendersResult> {
  const conditions: (SQL | undefined)[] = [query.status ? eq(t.status, query.status) : undefined];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const u = schema.users;
    conditions.push(
      or(
        ilike(t.name, pattern),
        ilike(t.companyName, pattern),
        inArray(
          t.organizationId,
          db
            .select({ id: schema.organizations.id })
            .from(schema.organizations)
            .where(ilike(schema.organizations.name, pattern)),
        ),
        inArray(
          t.requestedBy,
          db
            .select({ id: u.id })
            .from(u)
            .where(or(ilike(u.email, pattern), ilike(sql`${u.firstName} || ' ' || ${u.lastName}`, pattern))),
        ),
      ),
    );
  }
  const page = await paginate(db, {
    from: t,
    where: and(...conditions),
    sortable: SORTABLE,
    defaultSort: ADMIN_SENDER_SORT.default,
    query,
    map: (row) => row,
  });
  return {
    entities: await withAdminExtras(db, page.entities, locale),
    page_information: page.page_information,
  };
}
