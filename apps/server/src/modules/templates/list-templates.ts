import { schema } from "@sms/db";
import { TEMPLATE_SORT, type TTemplatesQuery, type TTemplatesResponse } from "@sms/domain";
import { eq, ilike, sql } from "drizzle-orm";
import { paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentTemplateListItem } from "./present-template.ts";

export type ListTemplatesResult = TTemplatesResponse["data"];

const t = schema.smsTemplates;

/**
 * Columns behind TEMPLATE_SORT. Names sort without regard to case, as people read a list (the
 * database's collation may put every capital before "a").
 */
const SORTABLE = { created_at: t.createdAt, name: sql`lower(${t.name})`, updated_at: t.updatedAt };

/** The search text matched anywhere in the name, its LIKE wildcards taken literally. */
function nameContains(search: string) {
  return ilike(t.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** The organization's templates (spec §2 /templates), newest first unless asked otherwise. */
export async function listTemplates(
  scope: TenantScope,
  query: TTemplatesQuery,
): Promise<ListTemplatesResult> {
  return paginate(scope.db, {
    from: t,
    where: scope.where(
      t,
      query.search ? nameContains(query.search) : undefined,
      query.enabled === undefined ? undefined : eq(t.enabled, query.enabled),
    ),
    sortable: SORTABLE,
    defaultSort: TEMPLATE_SORT.default,
    query,
    map: presentTemplateListItem,
  });
}
