import { type Db, schema } from "@sms/db";
import type { TAdminOrder } from "@sms/domain";
import { inArray } from "drizzle-orm";
import { presentAdminOrder } from "./present-order.ts";

type OrderRow = typeof schema.orders.$inferSelect;

/** Orders for staff, with each one's organization name and ordering user's e-mail (two lookups a page). */
export async function withAdminExtras(db: Db, rows: OrderRow[]): Promise<TAdminOrder[]> {
  if (rows.length === 0) return [];
  const orgIds = [...new Set(rows.map((r) => r.organizationId))];
  const userIds = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const [orgs, users] = await Promise.all([
    db
      .select({ id: schema.organizations.id, name: schema.organizations.name })
      .from(schema.organizations)
      .where(inArray(schema.organizations.id, orgIds)),
    userIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: schema.users.id, email: schema.users.email })
          .from(schema.users)
          .where(inArray(schema.users.id, userIds)),
  ]);
  const orgName = new Map(orgs.map((o) => [o.id, o.name]));
  const userEmail = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((row) =>
    presentAdminOrder(row, {
      organizationName: orgName.get(row.organizationId) ?? "",
      userEmail: row.userId === null ? null : (userEmail.get(row.userId) ?? null),
    }),
  );
}
