import { schema } from "@sms/db";
import type { TOrder } from "@sms/domain";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentOrder } from "./present-order.ts";

export type GetOrderResult = TOrder;

/** One order of the organization; another organization's id is NOT_FOUND. */
export async function getOrder(scope: TenantScope, id: number): Promise<GetOrderResult> {
  return presentOrder(await scope.findById(schema.orders, id));
}
