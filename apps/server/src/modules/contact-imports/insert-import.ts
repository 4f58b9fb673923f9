import { type Db, schema } from "@sms/db";
import { eq, sql } from "drizzle-orm";
import { affectedRows } from "../../platform/sql-rows.ts";
import { deleteStagedRows } from "./staged-rows.ts";

/**
 * The insert job (issue 11 point 2): after the user continued, the valid staged rows become the
 * group's contacts in one INSERT … SELECT … ON CONFLICT DO NOTHING (a number added to the group
 * since the preview is skipped, not doubled), the staging rows (invalid ones included) are removed
 * and the import is completed, all in one transaction: a crash leaves the import `importing` with
 * its rows, and the retry does the whole step again. Idempotent: only an import in `importing` is
 * worked on.
 */
export async function insertImport(importId: string, db: Db): Promise<void> {
  const imports = schema.contactImports;
  await db.transaction(async (tx) => {
    const [record] = await tx.select().from(imports).where(eq(imports.id, importId)).for("update");
    if (record?.status !== "importing") return;
    const inserted = await tx.execute(sql`
      insert into contacts (organization_id, group_id, first_name, last_name, phone_number)
      select ${record.organizationId}, ${record.groupId}, first_name, last_name, phone_number
      from contact_import_rows
      where import_id = ${importId} and status = 'valid'
      on conflict do nothing`);
    await deleteStagedRows(tx, importId);
    await tx
      .update(imports)
      .set({
        status: "completed",
        importedRows: affectedRows(inserted),
        processedRows: record.totalRows,
        updatedAt: sql`now()`,
      })
      .where(eq(imports.id, importId));
  });
}
