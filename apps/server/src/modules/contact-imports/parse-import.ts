import type { Readable } from "node:stream";
import { schema } from "@sms/db";
import { CONTACT_IMPORT_MAX_ROWS } from "@sms/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { JobContext } from "../../jobs/define-job.ts";
import { FileBudgetExceeded } from "../../platform/file-budgets.ts";
import { FileServer, isFileRequest } from "../../platform/worker-file.ts";
import { heavyWork, WorkerCrashed, WorkerTaskError } from "../../platform/worker-pool.ts";
import { ImportFileError } from "./classify-rows.ts";
import { loadImport } from "./find-import.ts";
import type { ParseTaskInput, ParseTaskResult } from "./parse-import.task.ts";
import { collectExamples, countColumns, deleteStagedRows, markExistingAndCount } from "./staged-rows.ts";
import { StagingCopy, type StagingRow } from "./staging-copy.ts";

export type ParseContext = Pick<JobContext, "db" | "dbHandle" | "storage">;

export interface ParseOptions {
  /** Rows per COPY; progress is written between batches. */
  batchRows?: number;
  /** The parse worker's heap cap in MB (the pool's default otherwise). */
  heapMb?: number;
}

/**
 * Rows per COPY: on the embedded database a COPY of 10,000 held the one session up to 1.2 s, so it
 * copies 2,500 at a time; PostgreSQL's pool lets requests run beside a COPY, and fewer batches
 * there mean fewer round trips and progress writes.
 */
const PARSE_BATCH_ROWS = { pglite: 2_500, postgres: 10_000 } as const;
const PARSE_TASK = new URL("./parse-import.task.ts", import.meta.url);
/** A million-row file parses in well under a minute; past this the worker is stopped (the job's lease is 15 min). */
const PARSE_TIMEOUT_MS = 10 * 60_000;

/** The user cancelled while the file was being read. */
class ImportCancelled extends Error {}

/**
 * The message an import fails with when its file was refused or its worker died, or undefined for
 * a failure worth retrying (the pool busy, the server shutting down, a database error).
 */
function failureKey(error: unknown): string | undefined {
  if (error instanceof ImportFileError || error instanceof FileBudgetExceeded) return error.messageKey;
  if (error instanceof WorkerTaskError) {
    const key = error.data.messageKey;
    // Any other error of the reader is the file's: a retry would read the same bytes.
    return typeof key === "string" ? key : "contact_imports.error.unreadable";
  }
  if (error instanceof WorkerCrashed && error.reason !== "aborted") {
    return error.reason === "timeout" ? "files.error.timeout" : "files.error.crashed";
  }
  return undefined;
}

async function failImport(ctx: ParseContext, importId: string, messageKey: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await deleteStagedRows(tx, importId);
    await tx
      .update(schema.contactImports)
      .set({ status: "failed", errorKey: messageKey, parseStartedAt: null, updatedAt: sql`now()` })
      .where(and(eq(schema.contactImports.id, importId), eq(schema.contactImports.status, "parsing")));
  });
}

/**
 * The parse job (issue 11 point 2): the uploaded file, read and classified in a worker thread
 * (ADR 30), becomes staging rows (COPY here, batch by batch as the worker sends them), then
 * statements of 10,000 rows mark the valid numbers already in the group and count each class, and
 * one short transaction puts the import in `preview` with
 * its counts and examples. Idempotent: it only works on an import in `parsing`, and starts by
 * removing the rows an earlier run may have left. A refused file or a crashed worker fails the
 * import with its reason; a run that finds an earlier one lost mid-file (the process died:
 * `parse_started_at` still set) fails it too, instead of reading the same file into the same end.
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

  const imports = schema.contactImports;
  const [claimed] = await ctx.db
    .update(imports)
    .set({ parseStartedAt: sql`now()` })
    .where(and(eq(imports.id, importId), eq(imports.status, "parsing"), isNull(imports.parseStartedAt)))
    .returning({ id: imports.id });
  if (!claimed) return failImport(ctx, importId, "files.error.interrupted");
  const release = () => ctx.db.update(imports).set({ parseStartedAt: null }).where(eq(imports.id, importId));
  await deleteStagedRows(ctx.db, importId);

  const copy = new StagingCopy(ctx.dbHandle, importId, {
    batchSize: options.batchRows ?? PARSE_BATCH_ROWS[ctx.dbHandle.kind],
    onBatch: async (stored) => {
      const still = await ctx.db
        .update(imports)
        .set({ processedRows: stored, updatedAt: sql`now()` })
        .where(and(eq(imports.id, importId), eq(imports.status, "parsing")))
        .returning({ id: imports.id });
      if (still.length === 0) throw new ImportCancelled();
    },
  });
  const stored = new FileServer(async (): Promise<Readable> => {
    const stream = await ctx.storage.get(file.storageKey);
    if (!stream) throw new ImportFileError("contact_imports.error.unreadable");
    return stream;
  });
  let total: number;
  let encoding: string;
  try {
    const parsed = await heavyWork().run<ParseTaskResult>({
      module: PARSE_TASK,
      input: {
        type: file.extension === "xlsx" ? "xlsx" : "csv",
        maxRows: CONTACT_IMPORT_MAX_ROWS,
      } satisfies ParseTaskInput,
      key: `org:${record.organizationId}`,
      timeoutMs: PARSE_TIMEOUT_MS,
      ...(options.heapMb ? { heapMb: options.heapMb } : {}),
      onEvent: async (event) => {
        if (isFileRequest(event)) return stored.handle(event);
        for (const row of (event as { rows: StagingRow[] }).rows) await copy.write(row);
      },
    });
    await copy.finish();
    total = parsed.total;
    encoding = parsed.encoding;
  } catch (err) {
    if (err instanceof ImportCancelled) {
      await release();
      return deleteStagedRows(ctx.db, importId);
    }
    const messageKey = failureKey(err);
    if (messageKey) return failImport(ctx, importId, messageKey);
    await release();
    throw err;
  } finally {
    stored.close();
    await copy.close();
  }
  if (total === 0) return failImport(ctx, importId, "contact_imports.error.empty");

  // Set-based and in slices: the valid numbers already in the group, and the counts of each class.
  const counts = await markExistingAndCount(ctx.db, { importId, groupId: record.groupId, totalRows: total });
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: imports.status })
      .from(imports)
      .where(eq(imports.id, importId))
      .for("update");
    if (current?.status !== "parsing") {
      await deleteStagedRows(tx, importId);
      await tx.update(imports).set({ parseStartedAt: null }).where(eq(imports.id, importId));
      return;
    }
    await tx
      .update(imports)
      .set({
        status: "preview",
        encoding,
        parseStartedAt: null,
        processedRows: total,
        totalRows: total,
        ...countColumns(counts),
        examples: await collectExamples(tx, importId),
        updatedAt: sql`now()`,
      })
      .where(eq(imports.id, importId));
  });
}
