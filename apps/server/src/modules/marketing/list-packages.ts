import type { DbHandle } from "@sms/db";
import { schema } from "@sms/db";
import { type TPackagesQuery, type TPackagesResponse, toPublicPackage } from "@sms/domain";
import { asc, count, eq } from "drizzle-orm";

export type ListPackagesOptions = TPackagesQuery;
export type ListPackagesResult = TPackagesResponse["data"];

/** The active catalogue in display order, free trial first (spec §3 Package; list shape of §3). */
export async function listPackages(
  db: DbHandle,
  { page, size }: ListPackagesOptions,
): Promise<ListPackagesResult> {
  const active = eq(schema.packages.active, true);
  const [rows, [total]] = await Promise.all([
    db.db
      .select()
      .from(schema.packages)
      .where(active)
      .orderBy(asc(schema.packages.sortOrder), asc(schema.packages.id))
      .limit(size)
      .offset((page - 1) * size),
    db.db.select({ n: count() }).from(schema.packages).where(active),
  ]);
  const totalItem = total?.n ?? 0;
  return {
    entities: rows.map(toPublicPackage),
    page_information: {
      page,
      size,
      total_item: totalItem,
      total_pages: Math.max(1, Math.ceil(totalItem / size)),
      limit: 5,
    },
  };
}
