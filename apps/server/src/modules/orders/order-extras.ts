import { type Db, queryRows, schema } from "@sms/db";
import type { TAdminOrder } from "@sms/domain";
import { inArray, sql } from "drizzle-orm";
import { presentAdminOrder } from "./present-order.ts";

type OrderRow = typeof schema.orders.$inferSelect;

/**
 * The other orders, of any organization, whose payment slip has the same content (sha256) as each
 * of these orders' slip (review I3, ADR 55): one slip backing several orders is flagged to staff
 * before they approve.
 */
async function sameProofOrders(db: Db, rows: OrderRow[]): Promise<Map<number, number[]>> {
  const ids = rows.filter((r) => r.proofFileId !== null).map((r) => r.id);
  const found = new Map<number, number[]>();
  if (ids.length === 0) return found;
  const pairs = await queryRows<{ id: unknown; other: unknown }>(
    db,
    sql`select o.id, o2.id as other
          from orders o
          join files f on f.id = o.proof_file_id
          join files f2 on f2.sha256 = f.sha256 and f2.kind = 'payment_proof'
          join orders o2 on o2.proof_file_id = f2.id and o2.id <> o.id
         where o.id = any(${`{${ids.join(",")}}`}::int[])
         order by o.id, o2.id`,
  );
  for (const pair of pairs) {
    const id = Number(pair.id);
    found.set(id, [...(found.get(id) ?? []), Number(pair.other)]);
  }
  return found;
}

/**
 * Orders for staff, with each one's organization name, ordering user's e-mail and the other orders
 * backed by the same slip (three lookups a page).
 */
export async function withAdminExtras(db: Db, rows: OrderRow[]): Promise<TAdminOrder[]> {
  if (rows.length === 0) return [];
  const orgIds = [...new Set(rows.map((r) => r.organizationId))];
  const userIds = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const [orgs, users, sameProof] = await Promise.all([
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
    sameProofOrders(db, rows),
  ]);
  const orgName = new Map(orgs.map((o) => [o.id, o.name]));
  const userEmail = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((row) =>
    presentAdminOrder(row, {
      organizationName: orgName.get(row.organizationId) ?? "",
      userEmail: row.userId === null ? null : (userEmail.get(row.userId) ?? null),
      sameProofOrders: sameProof.get(row.id) ?? [],
    }),
  );
}
