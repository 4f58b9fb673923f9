import { type Db, queryRows, SliceSize, schema } from "@sms/db";
import {
  CONTACT_IMPORT_EXAMPLES,
  CONTACT_IMPORT_ROW_STATUSES,
  type ContactImportRowStatus,
  type TContactImportExamples,
} from "@sms/domain";
import { and, asc, eq, inArray, lt, min, sql } from "drizzle-orm";
import { presentRow, type StagedRowFields } from "./present-import.ts";

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
    const first = status === "duplicate" ? await firstRowsOf(db, importId, found) : undefined;
    examples[status] = found.map((row) => presentRow(row, first));
  }
  return examples;
}

/**
 * Where each duplicate's number first appears in the file (review D26: say which row counts). The
 * earlier row lies before the duplicate, so only the import's rows up to the last duplicate shown
 * are read, over the (import, row) key; the rows shown are a page at most.
 */
export async function firstRowsOf(
  db: Db,
  importId: string,
  duplicates: readonly Pick<StagedRowFields, "rowNumber" | "phoneNumber">[],
): Promise<Map<string, number>> {
  const phones = [...new Set(duplicates.flatMap((r) => (r.phoneNumber ? [r.phoneNumber] : [])))];
  if (phones.length === 0) return new Map();
  const last = Math.max(...duplicates.map((r) => r.rowNumber));
  const found = await db
    .select({ phone: rows.phoneNumber, first: min(rows.rowNumber) })
    .from(rows)
    .where(and(eq(rows.importId, importId), lt(rows.rowNumber, last), inArray(rows.phoneNumber, phones)))
    .groupBy(rows.phoneNumber);
  return new Map(
    found.flatMap((f) => (f.phone !== null && f.first !== null ? [[f.phone, f.first] as const] : [])),
  );
}

export type StatusCounts = Record<ContactImportRowStatus, number>;

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

/**
 * Staged rows per statement when a parsed file is classified: on the embedded database every
 * statement holds the one session, and marking a million rows in one statement held it for 4 s, and
 * counting them for 3 s more (bench:isolation, PGLITE_SLOW_MS). 10,000 rows take 40–130 ms there,
 * so the size follows what each statement kept the session (SliceSize); PostgreSQL takes 50,000.
 */
export const CLASSIFY_SLICE_ROWS = 10_000;
const classifySlices = () =>
  new SliceSize({ initial: CLASSIFY_SLICE_ROWS, unmeasured: 50_000, min: 500, max: 20_000 });

/**
 * Marks the valid staged rows whose number is already in the group `existing`, and counts the rows
 * of each class, one range of row numbers per statement (the rows are numbered 1..total). Runs
 * before the import's closing transaction: nothing else writes the rows of an import being parsed.
 */
export async function markExistingAndCount(
  db: Db,
  { importId, groupId, totalRows }: { importId: string; groupId: number; totalRows: number },
  sliceRows?: number,
): Promise<StatusCounts> {
  const counts: StatusCounts = { valid: 0, invalid: 0, duplicate: 0, existing: 0 };
  const size = sliceRows
    ? new SliceSize({ initial: sliceRows, min: sliceRows, max: sliceRows })
    : classifySlices();
  for (let from = 0; from < totalRows; ) {
    const [slice, to] = await size.run(async (rows) => {
      const to = from + rows;
      return [await classifySlice(db, importId, groupId, from, to), to] as const;
    });
    from = to;
    if (!slice) continue;
    counts.valid += slice.valid - slice.marked;
    counts.invalid += slice.invalid;
    counts.duplicate += slice.duplicate;
    counts.existing += slice.existing + slice.marked;
  }
  return counts;
}

/** Marks and counts the staged rows numbered (from, to]. */
async function classifySlice(db: Db, importId: string, groupId: number, from: number, to: number) {
  // The SELECT sees the rows as they were before this statement's UPDATE: `marked` moves from
  // valid to existing.
  const [slice] = await queryRows<StatusCounts & { marked: number }>(
    db,
    sql`
      with marked as (
        update contact_import_rows r set status = 'existing'
        from contacts c
        where r.import_id = ${importId} and r.row_number > ${from} and r.row_number <= ${to}
          and r.status = 'valid' and c.group_id = ${groupId} and c.phone_number = r.phone_number
        returning 1
      )
      select (select count(*) from marked)::int as marked,
             count(*) filter (where status = 'valid')::int as valid,
             count(*) filter (where status = 'invalid')::int as invalid,
             count(*) filter (where status = 'duplicate')::int as duplicate,
             count(*) filter (where status = 'existing')::int as existing
      from contact_import_rows
      where import_id = ${importId} and row_number > ${from} and row_number <= ${to}`,
  );
  return slice;
}
