import type { Db } from "@sms/db";
import { schema } from "@sms/db";
import { PACKAGE_SORT, type TPackagesListQuery, type TPackagesResponse, toPublicPackage } from "@sms/domain";
import { eq } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";

export type ListPackagesOptions = TPackagesListQuery;
export type ListPackagesResult = TPackagesResponse["data"];

const t = schema.packages;

/** Columns behind PACKAGE_SORT; price sorts by the stored satang amount. */
const SORTABLE = {
  sort_order: t.sortOrder,
  id: t.id,
  name: t.name,
  months: t.months,
  credits: t.credits,
  price: t.priceSatang,
};

/** The active catalogue, by default in display order with the free trial first (spec §3 Package; list shape of §3). */
export async function listPackages(db: Db, query: ListPackagesOptions): Promise<ListPackagesResult> {
  return paginate(db, {
    from: t,
    where: eq(t.active, true),
    sortable: SORTABLE,
    defaultSort: PACKAGE_SORT.default,
    query,
    map: toPublicPackage,
  });
}
