import { pipeline, type Readable, Transform } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { schema } from "@sms/db";
import { type Locale, MESSAGE_EXPORT_RETENTION_HOURS } from "@sms/domain";
import { and, eq, lt, ne } from "drizzle-orm";
import { z } from "zod";
import { defineJob, type JobContext } from "../../jobs/define-job.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { WorkerCrashed, WorkerPoolBusy, WorkerTaskError } from "../../platform/worker-pool.ts";
import { requestFromJson, streamMessageExport } from "./stream-export.ts";

const e = schema.messageExports;

/** The least time between two progress writes. */
const PROGRESS_MIN_MS = 500;
const WRITE_RETRY = { limit: 2, delaySeconds: 5, backoff: true } as const;
const EXPIRE_SECONDS = 60 * 60;
/** The export's worker is stopped a little before the job expires, so the row records why. */
const WORKER_TIMEOUT_MS = (EXPIRE_SECONDS - 5 * 60) * 1000;
/** While the heavy-work pool refuses more waiting tasks, the job waits this long and asks again. */
const BUSY_RETRY_MS = 15_000;
const BUSY_RETRY_FOR_MS = 20 * 60_000;

export const storageKeyOf = (row: { organizationId: number; id: string; format: string }) =>
  `exports/messages/${row.organizationId}/${row.id}.${row.format}`;

/** Counts the bytes that pass, for the stored size. */
function counted(stream: Readable): { stream: Transform; bytes: () => number } {
  let bytes = 0;
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  pipeline(stream, through, () => {});
  return { stream: through, bytes: () => bytes };
}

export interface WriteMessageExportOptions {
  /** Rows per query; tests cross batch boundaries with a few rows. */
  batchSize?: number;
  /** The worker's heap cap and time limit (tests make it crash). */
  heapMb?: number;
  timeoutMs?: number;
  busyRetryMs?: number;
}

/** Why a run's worker ended without its file, as the message key stored on the row. */
function failureKeyOf(error: unknown): string | null {
  if (error instanceof WorkerCrashed && error.reason === "memory") return "message_exports.failed_too_large";
  if (error instanceof WorkerCrashed && error.reason !== "aborted") return "message_exports.failed_crashed";
  if (error instanceof WorkerTaskError) return "message_exports.failed_crashed";
  return null;
}

/**
 * Writes one background export to storage. Idempotent: a finished export is left alone; a run that
 * crashed left no object (storage writes an object only once every byte is stored) and the row not
 * done, so the retry writes the whole file again from the first row under the same key.
 * The file is written in a heavy-work thread (ADR 30). Its worker dying (heap cap, time limit) or
 * throwing fails the export at once with the translated reason: the same rows would do it again,
 * so it is not retried. A pool too busy to queue it is waited for; it costs no attempt.
 */
export async function writeMessageExport(
  exportId: string,
  ctx: JobContext,
  { busyRetryMs = BUSY_RETRY_MS, ...options }: WriteMessageExportOptions = {},
): Promise<void> {
  const [row] = await ctx.db.select().from(e).where(eq(e.id, exportId));
  if (!row || row.status === "done") return;
  const attempts = row.attempts + 1;
  await ctx.db
    .update(e)
    .set({ status: "running", startedAt: new Date(), attempts, rowsWritten: 0, errorKey: null })
    .where(eq(e.id, row.id));
  const busySince = Date.now();
  for (;;) {
    try {
      await writeFile(row, ctx, options);
      return;
    } catch (error) {
      if (error instanceof WorkerPoolBusy && Date.now() - busySince < BUSY_RETRY_FOR_MS) {
        ctx.log.info({ exportId }, "heavy-work pool busy; the export waits");
        await sleep(busyRetryMs);
        continue;
      }
      const errorKey = failureKeyOf(error);
      if (errorKey) {
        ctx.log.error({ err: error, exportId }, "message export worker failed");
        await ctx.db
          .update(e)
          .set({ status: "failed", errorKey, finishedAt: new Date() })
          .where(and(eq(e.id, row.id), ne(e.status, "done")));
        return;
      }
      await ctx.db
        .update(e)
        .set({ status: attempts > WRITE_RETRY.limit ? "failed" : "queued" })
        .where(and(eq(e.id, row.id), ne(e.status, "done")));
      throw error;
    }
  }
}

/** One run of the file into storage; throws the worker's own error when it is the cause. */
async function writeFile(
  row: typeof e.$inferSelect,
  ctx: JobContext,
  { batchSize, heapMb, timeoutMs = WORKER_TIMEOUT_MS }: Omit<WriteMessageExportOptions, "busyRetryMs">,
): Promise<void> {
  let last = 0;
  let produced = 0;
  const file = streamMessageExport({
    scope: new TenantScope(ctx.db, row.organizationId),
    ...requestFromJson(row.filter),
    ...(batchSize ? { batchSize } : {}),
    format: row.format,
    locale: row.locale as Locale,
    ...(heapMb ? { heapMb } : {}),
    timeoutMs,
    onProgress: async (rows) => {
      produced = rows;
      if (Date.now() - last < PROGRESS_MIN_MS) return;
      last = Date.now();
      await ctx.db.update(e).set({ rowsWritten: rows }).where(eq(e.id, row.id));
    },
  });
  const key = storageKeyOf(row);
  const body = counted(file.stream);
  try {
    await ctx.storage.put(key, body.stream);
    await file.finished;
  } catch (error) {
    // Storage that gave up stops the worker; a worker that died is the reason storage gave up.
    file.stream.destroy();
    const worker = await file.finished.then(
      () => null,
      (reason: unknown) => reason,
    );
    throw worker instanceof WorkerCrashed && worker.reason === "aborted" ? error : (worker ?? error);
  }
  const finishedAt = new Date();
  await ctx.db
    .update(e)
    .set({
      status: "done",
      storageKey: key,
      sizeBytes: body.bytes(),
      rowsWritten: produced,
      finishedAt,
      expiresAt: new Date(finishedAt.getTime() + MESSAGE_EXPORT_RETENTION_HOURS * 3600_000),
    })
    .where(and(eq(e.id, row.id), ne(e.status, "done")));
}

export const writeMessageExportJob = defineJob({
  name: "message-exports.write",
  payload: z.object({ exportId: z.uuid() }),
  key: ({ exportId }) => exportId,
  retry: WRITE_RETRY,
  expireInSeconds: EXPIRE_SECONDS,
  heartbeatSeconds: 30,
  handler: ({ exportId }, ctx) => writeMessageExport(exportId, ctx),
});

/** Deletes expired exports: the stored file first, then its row (a crash between leaves a row to retry). */
export async function pruneMessageExports(
  ctx: Pick<JobContext, "db" | "storage">,
  now = new Date(),
): Promise<number> {
  const expired = await ctx.db
    .select({ id: e.id, storageKey: e.storageKey })
    .from(e)
    .where(lt(e.expiresAt, now))
    .limit(1000);
  for (const row of expired) {
    if (row.storageKey) await ctx.storage.delete(row.storageKey);
    await ctx.db.delete(e).where(eq(e.id, row.id));
  }
  return expired.length;
}

export const pruneMessageExportsJob = defineJob({
  name: "message-exports.prune",
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  cron: { schedule: "17 * * * *", payload: {} },
  handler: async (_payload, ctx) => {
    await pruneMessageExports(ctx);
  },
});

export const messageExportsJobs = [writeMessageExportJob, pruneMessageExportsJob] as const;
