import type { Readable } from "node:stream";
import { schema } from "@sms/db";
import { CONTACT_IMPORT_MAX_ROWS, type ContactImportRowStatus } from "@sms/domain";
import {
  type ContactImportLayout,
  cleanImportText,
  detectImportLayout,
  IMPORT_RAW_PHONE_MAX_LENGTH,
  importPhone,
  recoverPhoneText,
} from "@sms/domain/rules/contact-import";
import { and, eq, sql } from "drizzle-orm";
import type { JobContext } from "../../jobs/define-job.ts";
import { readerErrorsAs } from "../../platform/reader-errors.ts";
import { loadImport } from "./find-import.ts";
import { detectCsvEncoding, readCsvRows } from "./read-csv.ts";
import { readXlsxRows, type XlsxCell } from "./read-xlsx.ts";
import { collectExamples, countByStatus, countColumns, deleteStagedRows } from "./staged-rows.ts";
import { StagingCopy } from "./staging-copy.ts";

export type ParseContext = Pick<JobContext, "db" | "dbHandle" | "storage">;

export interface ParseOptions {
  /** Rows per COPY; progress is written between batches. */
  batchRows?: number;
}

const PARSE_BATCH_ROWS = 50_000;

/** The file cannot be read as a contact list: the import fails with this message, and is not retried. */
class ImportFileError extends Error {
  constructor(
    readonly messageKey: string,
    options?: { cause?: unknown },
  ) {
    super(messageKey, options);
  }
}

/** The user cancelled while the file was being read. */
class ImportCancelled extends Error {}

type Cell = XlsxCell;

const isBlank = (cells: readonly Cell[]) =>
  cells.every((cell) => cell === null || (typeof cell === "string" && cell.trim() === ""));

const textOf = (cell: Cell | undefined) => (cell === null || cell === undefined ? "" : String(cell));

/**
 * Reads the file into staging rows: each row is classified here (valid, invalid, or a repeat of a
 * number seen earlier in the file: one Set of 66-form numbers) and copied in batches with COPY.
 * Answers the number of data rows.
 */
async function stageRows(rows: AsyncIterable<Cell[]>, copy: StagingCopy): Promise<number> {
  let layout: ContactImportLayout | undefined;
  const seen = new Set<number>();
  let rowNumber = 0;
  for await (const cells of readerErrorsAs(
    rows,
    (cause) => new ImportFileError("contact_imports.error.unreadable", { cause }),
  )) {
    if (isBlank(cells)) continue;
    if (!layout) {
      layout = detectImportLayout(cells.map(textOf));
      if (layout.header) continue;
    }
    rowNumber += 1;
    if (rowNumber > CONTACT_IMPORT_MAX_ROWS) throw new ImportFileError("contact_imports.error.too_many_rows");
    const { firstName, lastName, phone } = layout.columns;
    const phoneCell = phone >= 0 ? cells[phone] : null;
    const phoneNumber = importPhone(phoneCell);
    let status: ContactImportRowStatus = "invalid";
    if (phoneNumber !== null) {
      // 66XXXXXXXXX fits a double exactly; numbers keep the Set small for a million rows.
      const key = Number(phoneNumber);
      status = seen.has(key) ? "duplicate" : "valid";
      seen.add(key);
    }
    await copy.write({
      rowNumber,
      firstName: firstName >= 0 ? cleanImportText(textOf(cells[firstName])) : "",
      lastName: lastName >= 0 ? cleanImportText(textOf(cells[lastName])) : "",
      rawPhone: cleanImportText(recoverPhoneText(phoneCell ?? null), IMPORT_RAW_PHONE_MAX_LENGTH),
      phoneNumber,
      status,
    });
  }
  await copy.finish();
  return rowNumber;
}

async function openRows(
  ctx: ParseContext,
  file: typeof schema.files.$inferSelect,
): Promise<{ rows: AsyncIterable<Cell[]>; encoding: string }> {
  const open = async (): Promise<Readable> => {
    const stream = await ctx.storage.get(file.storageKey);
    if (!stream) throw new ImportFileError("contact_imports.error.unreadable");
    return stream;
  };
  if (file.extension === "xlsx") return { rows: readXlsxRows(await open()), encoding: "xlsx" };
  const encoding = await detectCsvEncoding(await open());
  return { rows: readCsvRows(await open(), encoding), encoding };
}

async function failImport(ctx: ParseContext, importId: string, messageKey: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await deleteStagedRows(tx, importId);
    await tx
      .update(schema.contactImports)
      .set({ status: "failed", errorKey: messageKey, updatedAt: sql`now()` })
      .where(and(eq(schema.contactImports.id, importId), eq(schema.contactImports.status, "parsing")));
  });
}

/**
 * The parse job (issue 11 point 2): the uploaded file, streamed from storage, becomes staging rows
 * (COPY), then one statement marks the valid numbers already in the group, and the import waits in
 * `preview` with its counts and examples. Idempotent: it only works on an import in `parsing`, and
 * starts by removing the rows a crashed earlier run may have left.
 */
export async function parseImport(
  importId: string,
  ctx: ParseContext,
  options: ParseOptions = {},
): Promise<void> {
  const record = await loadImport(ctx.db, importId);
  if (record?.status !== "parsing") return;
  const [file] = await ctx.db.select().from(schema.files).where(eq(schema.files.id, record.fileId));
  if (!file) return failImport(ctx, importId, "contact_imports.error.unreadable");
  await deleteStagedRows(ctx.db, importId);

  const imports = schema.contactImports;
  const copy = new StagingCopy(ctx.dbHandle, importId, {
    batchSize: options.batchRows ?? PARSE_BATCH_ROWS,
    onBatch: async (stored) => {
      const still = await ctx.db
        .update(imports)
        .set({ processedRows: stored, updatedAt: sql`now()` })
        .where(and(eq(imports.id, importId), eq(imports.status, "parsing")))
        .returning({ id: imports.id });
      if (still.length === 0) throw new ImportCancelled();
    },
  });
  let total: number;
  let encoding: string;
  try {
    const opened = await openRows(ctx, file);
    encoding = opened.encoding;
    total = await stageRows(opened.rows, copy);
  } catch (err) {
    if (err instanceof ImportCancelled) return deleteStagedRows(ctx.db, importId);
    if (err instanceof ImportFileError) return failImport(ctx, importId, err.messageKey);
    throw err;
  } finally {
    await copy.close();
  }
  if (total === 0) return failImport(ctx, importId, "contact_imports.error.empty");

  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: imports.status })
      .from(imports)
      .where(eq(imports.id, importId))
      .for("update");
    if (current?.status !== "parsing") {
      await deleteStagedRows(tx, importId);
      return;
    }
    // Set-based: the valid numbers already in the group, in one statement.
    await tx.execute(sql`
      update contact_import_rows r set status = 'existing'
      from contacts c
      where r.import_id = ${importId} and r.status = 'valid'
        and c.group_id = ${record.groupId} and c.phone_number = r.phone_number`);
    const counts = await countByStatus(tx, importId);
    await tx
      .update(imports)
      .set({
        status: "preview",
        encoding,
        processedRows: total,
        totalRows: total,
        ...countColumns(counts),
        examples: await collectExamples(tx, importId),
        updatedAt: sql`now()`,
      })
      .where(eq(imports.id, importId));
  });
}
