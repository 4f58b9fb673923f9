import { type Db, schema } from "@sms/db";
import {
  pageInformation,
  type TAdminOrganizationsQuery,
  type TAdminOrganizationsResponse,
} from "@sms/domain";
import { asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { presentOrganization } from "./present.ts";
import { containsPattern, phoneSearchForms } from "./search.ts";

export type ListOrganizationsOptions = TAdminOrganizationsQuery;
export type ListOrganizationsResult = TAdminOrganizationsResponse["data"];

const o = schema.organizations;
const owner = schema.users;
const SORTABLE = { created_at: o.createdAt, id: o.id, name: o.name, credits: o.credits };

export const membersCount = sql<number>`(select count(*)::int from ${schema.members} where ${schema.members.organizationId} = ${o.id})`;

/** The organization's name, or its owner's name, e-mail or phone number. */
function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(o.name, pattern),
    ilike(sql`${owner.firstName} || ' ' || ${owner.lastName}`, pattern),
    ilike(owner.email, pattern),
    ...phoneSearchForms(search).map((digits) => ilike(owner.phoneNumber, containsPattern(digits))),
  );
}

/** Every organization for staff, with its owner, balance and suspension; newest first by default. */
export async function listOrganizations(
  db: Db,
  query: ListOrganizationsOptions,
): Promise<ListOrganizationsResult> {
  const where = searchWhere(query.search);
  const direction = query.reverse ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ organization: o, owner, membersCount })
      .from(o)
      .innerJoin(owner, eq(owner.id, o.ownerId))
      .where(where)
      .orderBy(direction(SORTABLE[query.sort]), direction(o.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(o)
      .innerJoin(owner, eq(owner.id, o.ownerId))
      .where(where),
  ]);
  return {
    entities: rows.map((r) => presentOrganization(r.organization, r.owner, Number(r.membersCount))),
    page_information: pageInformation(query.page, query.size, Number(counted?.total ?? 0)),
  };
}
