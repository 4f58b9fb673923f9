import { pipeline, type Readable, Transform } from "node:stream";
import { schema } from "@sms/db";
import { type Locale, MESSAGE_EXPORT_RETENTION_HOURS } from "@sms/domain";
import { and, eq, lt, ne } from "drizzle-orm";
import { z } from "zod";
import { defineJob, type JobContext } from "../../jobs/define-job.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { requestFromJson, streamMessageExport } from "./stream-export.ts";

const e = schema.messageExports;

/** The least time between two progress writes. */
const PROGRESS_MIN_MS = 500;
const WRITE_RETRY = { limit: 2, delaySeconds: 5, backoff: true } as const;

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

/**
 * Writes one background export to storage. Idempotent: a finished export is left alone; a run that
 * crashed left no object (storage writes an object only once every byte is stored) and the row not
 * done, so the retry writes the whole file again from the first row under the same key.
 * `batchSize` (rows per query) lets tests cross batch boundaries with a few rows.
 */
export async function writeMessageExport(
  exportId: string,
  ctx: JobContext,
  { batchSize }: { batchSize?: number } = {},
): Promise<void> {
  const [row] = await ctx.db.select().from(e).where(eq(e.id, exportId));
  if (!row || row.status === "done") return;
  const attempts = row.attempts + 1;
  await ctx.db
    .update(e)
    .set({ status: "running", startedAt: new Date(), attempts, rowsWritten: 0 })
    .where(eq(e.id, row.id));
  let last = 0;
  let produced = 0;
  const file = streamMessageExport({
    scope: new TenantScope(ctx.db, row.organizationId),
    ...requestFromJson(row.filter),
    ...(batchSize ? { batchSize } : {}),
    format: row.format,
    locale: row.locale as Locale,
    onProgress: async (rows) => {
      produced = rows;
      if (Date.now() - last < PROGRESS_MIN_MS) return;
      last = Date.now();
      await ctx.db.update(e).set({ rowsWritten: rows }).where(eq(e.id, row.id));
    },
  });
  const key = storageKeyOf(row);
  try {
    const body = counted(file.stream);
    await ctx.storage.put(key, body.stream);
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
  } catch (error) {
    await ctx.db
      .update(e)
      .set({ status: attempts > WRITE_RETRY.limit ? "failed" : "queued" })
      .where(and(eq(e.id, row.id), ne(e.status, "done")));
    throw error;
  }
}

export const writeMessageExportJob = defineJob({
  name: "message-exports.write",
  payload: z.object({ exportId: z.uuid() }),
  key: ({ exportId }) => exportId,
  retry: WRITE_RETRY,
  expireInSeconds: 60 * 60,
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
