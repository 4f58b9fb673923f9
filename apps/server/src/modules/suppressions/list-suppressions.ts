import { schema } from "@sms/db";
import { contactSearchOf, type Locale, type TSuppression, type TSuppressionsQuery } from "@sms/domain";
import { eq, like, type SQL, sql } from "drizzle-orm";
import { type Page, paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentSuppression } from "./present.ts";

const s = schema.suppressions;

/**
 * One page of the organization's suppression list, newest first by default. A search is a number
 * in any form, even partly typed, matched as a prefix of the stored 66 form; text that is not a
 * number matches nothing.
 */
export async function listSuppressions(
  scope: TenantScope,
  query: TSuppressionsQuery,
  locale: Locale,
): Promise<Page<TSuppression>> {
  const search = query.search ? contactSearchOf(query.search) : undefined;
  let byNumber: SQL | undefined;
  if (search?.kind === "phone") byNumber = like(s.msisdn, `${search.prefix}%`);
  else if (search) byNumber = sql`false`;
  return paginate(scope.db, {
    from: s,
    where: scope.where(s, byNumber, query.reason ? eq(s.reason, query.reason) : undefined),
    sortable: { created_at: s.createdAt, phone_number: s.msisdn },
    defaultSort: { key: "created_at", reverse: true },
    tiebreaker: s.msisdn,
    query,
    map: (row) => presentSuppression(row, locale),
  });
}
