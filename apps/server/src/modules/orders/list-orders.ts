import { schema } from "@sms/db";
import { ORDER_SORT, type TOrdersQuery, type TOrdersResponse } from "@sms/domain";
import { paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentOrder } from "./present-order.ts";

export type ListOrdersOptions = TOrdersQuery;
export type ListOrdersResult = TOrdersResponse["data"];

const t = schema.orders;

/** Columns behind ORDER_SORT. */
const SORTABLE = { created_at: t.createdAt, id: t.id, total: t.totalSatang, status: t.status };

/** The organization's orders (spec §2 /orders), newest first unless asked otherwise. */
export async function listOrders(scope: TenantScope, query: ListOrdersOptions): Promise<ListOrdersResult> {
  return paginate(scope.db, {
    from: t,
    where: scope.where(t),
    sortable: SORTABLE,
    defaultSort: ORDER_SORT.default,
    query,
    map: presentOrder,
  });
}
