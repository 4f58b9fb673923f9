import { type Db, schema } from "@sms/db";
import {
  CONTACT_IMPORT_EXAMPLES,
  CONTACT_IMPORT_ROW_STATUSES,
  type ContactImportRowStatus,
  type TContactImportExamples,
} from "@sms/domain";
import { and, asc, count, eq } from "drizzle-orm";
import { presentRow } from "./present-import.ts";

const rows = schema.contactImportRows;

/** The first rows of each class, each read through the (import, status, row) index. */
export async function collectExamples(db: Db, importId: string): Promise<TContactImportExamples> {
  const examples: TContactImportExamples = { valid: [], invalid: [], duplicate: [], existing: [] };
  for (const status of CONTACT_IMPORT_ROW_STATUSES) {
    const found = await db
      .select()
      .from(rows)
      .where(and(eq(rows.importId, importId), eq(rows.status, status)))
      .orderBy(asc(rows.rowNumber))
      .limit(CONTACT_IMPORT_EXAMPLES);
    examples[status] = found.map(presentRow);
  }
  return examples;
}

export type StatusCounts = Record<ContactImportRowStatus, number>;

/** How many staged rows of the import are in each class. */
export async function countByStatus(db: Db, importId: string): Promise<StatusCounts> {
  const counts: StatusCounts = { valid: 0, invalid: 0, duplicate: 0, existing: 0 };
  const found = await db
    .select({ status: rows.status, n: count() })
    .from(rows)
    .where(eq(rows.importId, importId))
    .groupBy(rows.status);
  for (const { status, n } of found) if (status) counts[status] = Number(n);
  return counts;
}

/** The import's columns for the counts. */
export function countColumns(counts: StatusCounts) {
  return {
    validRows: counts.valid,
    invalidRows: counts.invalid,
    duplicateRows: counts.duplicate,
    existingRows: counts.existing,
  };
}

export async function deleteStagedRows(db: Db, importId: string): Promise<void> {
  await db.delete(rows).where(eq(rows.importId, importId));
}
