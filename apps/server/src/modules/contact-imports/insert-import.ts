import { type Db, queryRows, SliceSize, schema } from "@sms/db";
import { eq, sql } from "drizzle-orm";
import { insertGroupContactsSql, recordOptInsSql } from "../contacts/index.ts";

export interface InsertImportOptions {
  /** Staged rows moved per transaction. */
  sliceRows?: number;
}

/**
 * A slice is the staged rows up to the row number of its last one, found once: `row_number in
 * (select … limit n)` let the planner, blind to freshly COPYed rows, re-run the subquery for every
 * staged row (100,000 rows: minutes on PGlite), where a range is one index scan.
 */

/**
 * Staged rows per transaction. On the embedded database every statement holds the one session, so
 * a million rows in one statement kept every other tenant's queries waiting for 14 s (ADR 29). A
 * slice of 10,000 took about 0.2 s there, which alone put other requests' 99th percentile at 0.5 s
 * (bench:isolation); there the size follows what each slice kept the session (SliceSize), from
 * 2,500. PostgreSQL takes 10,000 (its pool lets requests run beside a slice).
 */
const slices = () => new SliceSize({ initial: 2_500, unmeasured: 10_000, min: 200, max: 10_000 });

/** Above every staged row number (an integer column): where the first slice from the end starts. */
const ROW_NUMBER_END = 2_147_483_647;

/**
 * The insert job (issue 11 point 2): after the user continued, the valid staged rows become the
 * group's contacts (`ON CONFLICT DO NOTHING`: a number added to the group since the preview is
 * skipped, not doubled). The rows move in slices, each one transaction that takes its staged rows
 * out, inserts them and adds to the import's count, so a crash between slices loses nothing and the
 * retry goes on from the last row still staged. Then the rest of the staging rows (invalid ones)
 * are removed, also in slices, and the import completes. Only an import in `importing` is worked
 * on: a cancelled one stops at the next slice.
 */
export async function insertImport(
  importId: string,
  db: Db,
  options: InsertImportOptions = {},
): Promise<void> {
  const size = options.sliceRows
    ? new SliceSize({ initial: options.sliceRows, min: options.sliceRows, max: options.sliceRows })
    : slices();
  const imports = schema.contactImports;
  // Slices go from the end of the file to its start, each inserted last row first: the first row
  // of the file then has the newest time and id, so the group's newest-first list shows one import
  // in the file's order (review D26). Where the next slice ends: deleted rows stay in the index
  // until a vacuum, and a scan from the end would step over every earlier slice's rows again
  // (quadratic over a million rows).
  let before = ROW_NUMBER_END;
  for (;;) {
    const moved = await size.run((sliceRows) =>
      db.transaction(async (tx) => {
        const [record] = await tx.select().from(imports).where(eq(imports.id, importId)).for("update");
        if (record?.status !== "importing") return null;
        const [slice] = await queryRows<{ taken: number; inserted: number; first: number | null }>(
          tx,
          sql`
        with bound as (
          select min(row_number) as first from (
            select row_number from contact_import_rows
            where import_id = ${importId} and status = 'valid' and row_number < ${before}
            order by row_number desc limit ${sliceRows}) last_rows
        ), slice as (
          delete from contact_import_rows
          where import_id = ${importId} and status = 'valid'
            and row_number >= (select first from bound) and row_number < ${before}
          returning row_number, first_name, last_name, phone_number
        ), inserted as (
          ${insertGroupContactsSql(sql`slice`, record.organizationId, record.groupId)}
        ), consented as (
          ${recordOptInsSql(sql`inserted`, record.organizationId, {
            source: "import",
            statement: record.consentStatement,
            wordingVersion: record.consentVersion,
            userId: record.userId,
          })}
        )
        select (select count(*) from slice)::int as taken, (select count(*) from inserted)::int as inserted,
               (select first from bound) as first`,
        );
        const taken = slice?.taken ?? 0;
        before = slice?.first ?? before;
        if (taken > 0) {
          await tx
            .update(imports)
            .set({
              importedRows: sql`${imports.importedRows} + ${slice?.inserted ?? 0}`,
              updatedAt: sql`now()`,
            })
            .where(eq(imports.id, importId));
        }
        return taken;
      }),
    );
    if (moved === null) return;
    if (moved === 0) break;
  }
  // The rows that were never to be imported (invalid, duplicate, existing), a slice at a time too.
  let after = 0;
  for (;;) {
    const [slice] = await size.run((sliceRows) =>
      queryRows<{ taken: number; last: number | null }>(
        db,
        sql`
      with bound as (
        select max(row_number) as last from (
          select row_number from contact_import_rows where import_id = ${importId} and row_number > ${after}
          order by row_number limit ${sliceRows}) first_rows
      ), slice as (
        delete from contact_import_rows
        where import_id = ${importId} and row_number > ${after} and row_number <= (select last from bound)
        returning 1
      )
      select count(*)::int as taken, (select last from bound) as last from slice`,
      ),
    );
    if ((slice?.taken ?? 0) === 0) break;
    after = slice?.last ?? after;
  }
  await db
    .update(imports)
    .set({ status: "completed", processedRows: sql`${imports.totalRows}`, updatedAt: sql`now()` })
    .where(sql`${imports.id} = ${importId} and ${imports.status} = 'importing'`);
}
