import { schema } from "@sms/db";
import { CONTACT_IMPORT_ROWS_SORT, type TContactImportRow, type ZContactImportRowsQuery } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { type Page, paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { findImport } from "./find-import.ts";
import { presentRow } from "./present-import.ts";
import { firstRowsOf } from "./staged-rows.ts";

type RowsQuery = z.output<typeof ZContactImportRowsQuery>;

/** GET /c/contact-imports/{importId}/rows?status=…: one class of staged rows, in file order. */
export async function listImportRows(
  scope: TenantScope,
  importId: string,
  query: RowsQuery,
): Promise<Page<TContactImportRow>> {
  const { record } = await findImport(scope, importId);
  const rows = schema.contactImportRows;
  const page = await paginate(scope.db, {
    from: rows,
    where: and(eq(rows.importId, record.id), eq(rows.status, query.status)),
    sortable: { row_number: rows.rowNumber },
    defaultSort: CONTACT_IMPORT_ROWS_SORT.default,
    tiebreaker: rows.rowNumber,
    query,
    map: (row) => row,
  });
  const first =
    query.status === "duplicate" ? await firstRowsOf(scope.db, record.id, page.entities) : undefined;
  return { ...page, entities: page.entities.map((row) => presentRow(row, first)) };
}
