import { type Db, schema } from "@sms/db";
import { ADMIN_ORDER_SORT, type TAdminOrdersQuery, type TAdminOrdersResponse } from "@sms/domain";
import { and, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import { withAdminExtras } from "./order-extras.ts";

export type ListAdminOrdersOptions = TAdminOrdersQuery;
export type ListAdminOrdersResult = TAdminOrdersResponse["data"];

const t = schema.orders;

/** Columns behind ADMIN_ORDER_SORT. */
const SORTABLE = { created_at: t.createdAt, id: t.id, total: t.totalSatang, status: t.status };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The staff's orders queue: every organization, oldest first so the longest wait is decided first,
 * filtered by status and searched by buyer, document number or organization name.
 */
export async function listAdminOrders(db: Db, query: ListAdminOrdersOptions): Promise<ListAdminOrdersResult> {
  const conditions: (SQL | undefined)[] = [query.status ? eq(t.status, query.status) : undefined];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(
        ilike(t.buyerName, pattern),
        ilike(t.documentNumber, pattern),
        inArray(
          t.organizationId,
          db
            .select({ id: schema.organizations.id })
            .from(schema.organizations)
            .where(ilike(schema.organizations.name, pattern)),
        ),
      ),
    );
  }
  const page = await paginate(db, {
    from: t,
    where: and(...conditions),
    sortable: SORTABLE,
    defaultSort: ADMIN_ORDER_SORT.default,
    query,
    map: (row) => row,
  });
  return { entities: await withAdminExtras(db, page.entities), page_information: page.page_information };
}
