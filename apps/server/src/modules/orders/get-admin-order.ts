import { type Db, schema } from "@sms/db";
import type { TAdminOrder } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { withAdminExtras } from "./order-extras.ts";

export type GetAdminOrderResult = TAdminOrder;

/** Any organization's order, for staff. */
export async function getAdminOrder(db: Db, id: number): Promise<GetAdminOrderResult> {
  const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, id));
  if (!row) throw new AppError("NOT_FOUND");
  const [order] = await withAdminExtras(db, [row]);
  if (!order) throw new Error("withAdminExtras dropped the order");
  return order;
}
