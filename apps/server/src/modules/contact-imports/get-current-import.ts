import { schema } from "@sms/db";
import type { Locale, TContactImport } from "@sms/domain";
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentImport } from "./present-import.ts";

/** How long a finished import is still shown when its group's page opens again. */
const JUST_FINISHED = sql`now() - interval '10 minutes'`;

/**
 * GET /c/contact-groups/{id}/imports/current: the group's latest import while it is unfinished
 * (parsing, preview, importing), or finished (completed, failed) moments ago, so closing the tab
 * and coming back shows it; otherwise null. Another organization's group is 404.
 */
export async function getCurrentImport(
  scope: TenantScope,
  groupId: number,
  locale: Locale,
): Promise<TContactImport | null> {
  const group = await scope.findById(schema.contactGroups, groupId);
  const imports = schema.contactImports;
  const [row] = await scope.db
    .select({ record: imports, fileName: schema.files.originalName })
    .from(imports)
    .innerJoin(schema.files, eq(schema.files.id, imports.fileId))
    .where(
      scope.where(
        imports,
        eq(imports.groupId, group.id),
        or(
          inArray(imports.status, ["parsing", "preview", "importing"]),
          and(inArray(imports.status, ["completed", "failed"]), gt(imports.updatedAt, JUST_FINISHED)),
        ),
      ),
    )
    .orderBy(desc(imports.createdAt))
    .limit(1);
  return row ? presentImport(row.record, row.fileName, locale) : null;
}
