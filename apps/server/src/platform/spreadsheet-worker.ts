import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import { MessageChannel } from "node:worker_threads";
import type { FastifyReply } from "fastify";
import { AppError } from "../errors.ts";
import type { SpreadsheetEvent, SpreadsheetTaskInput } from "./spreadsheet-task.ts";
import { heavyWork, WorkerCrashed, WorkerPoolBusy } from "./worker-pool.ts";

/**
 * Exports run in the heavy-work pool (ADR 30): the event loop keeps only the database reads and
 * the copying of bytes. The worker's heap cap bounds one export's memory; the pool bounds how many
 * run at once, per organization (`key`) and in all.
 */
export const EXPORT_HEAP_MB = 128;

/** How long a streamed download waits for a free worker before it is refused (503, Retry-After). */
export const EXPORT_START_WAIT_MS = 5_000;
export const EXPORT_RETRY_AFTER_SECONDS = 30;

/**
 * Rows per message to the worker. Copying rows to another thread (structured clone) is work on this
 * thread too: a 25,000-row batch of an unindexed order goes over in slices of this many, so no copy
 * holds the event loop for long.
 */
const POST_ROWS = 1_000;

export interface SpreadsheetInWorkerOptions {
  /** The task module: its default export calls `writeSpreadsheet` with the export's row formatter. */
  task: URL;
  /** Everything the task needs but the row channel (format, columns, labels…). */
  input: Omit<SpreadsheetTaskInput, "rows"> & Record<string, unknown>;
  /** Raw rows in batches, read on this thread (the database stays here). */
  batches: AsyncIterable<unknown[]>;
  /** The per-organization bound: `org:<id>`. */
  key: string;
  heapMb?: number;
  timeoutMs?: number;
  /** Called after each batch is handed to the worker, with the rows handed so far (awaited). */
  onProgress?: (rows: number) => Promise<void> | void;
}

export interface SpreadsheetInWorker {
  /** The file's bytes; destroyed with the error if the export fails, ends when the file is whole. */
  stream: Readable;
  /** Resolves once a worker runs the export, rejects if it never does (busy pool, crash before). */
  started: Promise<void>;
  /** Settles with the whole run: the rows written, or the reason the file is incomplete. */
  finished: Promise<{ rows: number }>;
}

/**
 * A spreadsheet export whose CPU work runs in a worker thread. This thread answers the worker's
 * requests for rows one batch at a time (the worker asks for the next as soon as it has one, so the
 * next read overlaps the formatting), and writes the bytes it streams back into `stream`, holding
 * the worker's next chunk until the reader (the HTTP response, the storage upload) has taken this
 * one. A reader that goes away stops the worker.
 */
export function spreadsheetInWorker({
  task,
  input,
  batches,
  key,
  heapMb = EXPORT_HEAP_MB,
  timeoutMs,
  onProgress,
}: SpreadsheetInWorkerOptions): SpreadsheetInWorker {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const abort = new AbortController();
  const channel = new MessageChannel();
  const iterator = batches[Symbol.asyncIterator]();
  /** The first error of the main-thread side (a database read); it wins over the "aborted" it causes. */
  let failure: unknown;
  let handed = 0;
  let markStarted!: () => void;
  let refuseStart!: (error: unknown) => void;
  const started = new Promise<void>((resolve, reject) => {
    markStarted = resolve;
    refuseStart = reject;
  });
  // Only the caller that waits for the start looks at its failure; the stream carries it otherwise.
  started.catch(() => {});

  const fail = (error: unknown) => {
    failure ??= error;
    abort.abort();
  };
  // What is left of the batch read last: a batch goes over in slices (see POST_ROWS).
  let batch: unknown[] = [];
  let at = 0;
  channel.port1.on("message", () => {
    void (async () => {
      try {
        if (at >= batch.length) {
          const next = await iterator.next();
          if (next.done) {
            channel.port1.postMessage({ done: true });
            return;
          }
          batch = next.value;
          at = 0;
        }
        const slice = batch.slice(at, at + POST_ROWS);
        at += slice.length;
        channel.port1.postMessage({ rows: slice });
        handed += slice.length;
        await onProgress?.(handed);
      } catch (error) {
        fail(error);
      }
    })();
  });
  // The reader's own listeners get the error; a download refused before it was sent has none.
  out.on("error", () => {});
  out.on("close", () => {
    if (!out.writableFinished) fail(new WorkerCrashed("aborted"));
  });

  const finished = heavyWork()
    .run<{ rows: number }>({
      module: task,
      input: { ...input, rows: channel.port2 },
      transfer: [channel.port2],
      key,
      heapMb,
      ...(timeoutMs ? { timeoutMs } : {}),
      signal: abort.signal,
      // Its turn came: how long the thread then takes to boot is not the pool being busy.
      onStart: () => markStarted(),
      onEvent: async (message) => {
        const event = message as SpreadsheetEvent;
        if (event.type === "started") {
          markStarted();
          return;
        }
        const chunk = Buffer.from(event.chunk.buffer, event.chunk.byteOffset, event.chunk.byteLength);
        if (!out.write(chunk)) await drained(out);
        if (out.destroyed) throw failure ?? new WorkerCrashed("aborted");
      },
    })
    .then(
      (result) => {
        out.end();
        return result;
      },
      (error: unknown) => {
        const reason = failure ?? error;
        refuseStart(reason);
        out.destroy(reason instanceof Error ? reason : new Error(String(reason)));
        throw reason;
      },
    )
    .finally(() => {
      channel.port1.close();
      void iterator.return?.();
    });
  finished.catch(() => {});
  return { stream: out, started, finished };
}

async function drained(stream: PassThrough): Promise<void> {
  if (stream.destroyed) return;
  const ac = new AbortController();
  await Promise.race([
    once(stream, "drain", { signal: ac.signal }),
    once(stream, "close", { signal: ac.signal }),
  ])
    .catch(() => {})
    .finally(() => ac.abort());
}

/**
 * Waits until a worker runs the export, for a download that has not sent its headers yet: a pool
 * that stays full for `waitMs`, or refuses more waiting tasks, is a translated refusal with
 * Retry-After (429 when this organization's queue is full, 503 when everyone's is), sent as a normal
 * error response instead of a broken file.
 */
export async function whenStarted(file: SpreadsheetInWorker, waitMs = EXPORT_START_WAIT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), waitMs);
  });
  try {
    const outcome = await Promise.race([file.started.then(() => "started" as const), timedOut]);
    if (outcome === "started") return;
    file.stream.destroy();
    throw heavyWorkBusy();
  } catch (error) {
    if (error instanceof WorkerPoolBusy) throw heavyWorkBusy(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Headers of every download: never sniffed as another type, never kept by a cache. */
export const DOWNLOAD_HEADERS = { "x-content-type-options": "nosniff", "cache-control": "private, no-store" };

/**
 * Answers a worker-written download once a worker runs it (`whenStarted`: a full pool is still a
 * clean translated refusal), with its type, file name and DOWNLOAD_HEADERS.
 */
export async function sendDownload(
  reply: FastifyReply,
  file: SpreadsheetInWorker & { contentType: string; disposition: string },
): Promise<FastifyReply> {
  await whenStarted(file);
  return reply
    .headers(DOWNLOAD_HEADERS)
    .header("content-type", file.contentType)
    .header("content-disposition", file.disposition)
    .send(file.stream);
}

/** The refusal of a download the pool cannot take now; the error handler adds Retry-After. */
export function heavyWorkBusy(cause?: WorkerPoolBusy | WorkerCrashed): AppError {
  return new AppError(
    cause instanceof WorkerPoolBusy && cause.scope === "key" ? "RATE_LIMITED" : "UNAVAILABLE",
    {
      messageKey: "errors.heavy_work_busy",
      params: { seconds: EXPORT_RETRY_AFTER_SECONDS },
      ...(cause ? { cause } : {}),
    },
  );
}
