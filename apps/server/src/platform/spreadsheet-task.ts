import type { MessagePort } from "node:worker_threads";
import { csvStream, type SheetCells, type SheetColumn, xlsxStream } from "./spreadsheet-stream.ts";
import type { TaskPort } from "./worker-pool.ts";

/**
 * The worker half of a spreadsheet export (the main half is spreadsheet-worker.ts). The main thread
 * reads the database and posts raw rows on `rows`; here they become cells (formatting, formula
 * protection), then CSV or XLSX bytes (stringify, the zip's deflate), sent back in chunks with
 * `port.emit`. Both directions wait for the other side, so neither holds more than a batch or two.
 */
export interface SpreadsheetTaskInput {
  format: "csv" | "xlsx";
  sheetName: string;
  columns: readonly SheetColumn[];
  /** The main thread's end of the row channel: answers each `{ next: true }` with `{ rows }` or `{ done: true }`. */
  rows: MessagePort;
  /** Tests cross Excel's row limit with a few rows. */
  maxRowsPerSheet?: number;
}

/** What the worker sends to the caller: a chunk of the file, or word that it has started. */
export type SpreadsheetEvent = { type: "started" } | { type: "bytes"; chunk: Uint8Array };

/** Bytes per event: large enough that the acknowledgement per event costs nothing, small enough to stream. */
const CHUNK_BYTES = 128 * 1024;

type RowMessage = { rows: unknown[] } | { done: true };

/** Pulls batches from the main thread, asking for the next one as soon as one arrives (one read ahead). */
async function* batchesFrom(port: MessagePort): AsyncGenerator<unknown[]> {
  const waiting: RowMessage[] = [];
  let wake: (() => void) | undefined;
  port.on("message", (message: RowMessage) => {
    waiting.push(message);
    wake?.();
  });
  port.postMessage({ next: true });
  try {
    for (;;) {
      while (waiting.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = waiting.shift() as RowMessage;
      if ("done" in message) return;
      port.postMessage({ next: true });
      yield message.rows;
    }
  } finally {
    port.close();
  }
}

/**
 * Runs one export in the worker: `cellsOf` turns a raw row into its protected cells. Answers the
 * number of rows written.
 */
export async function writeSpreadsheet<Row>(
  input: SpreadsheetTaskInput,
  port: TaskPort,
  cellsOf: (row: Row) => SheetCells,
): Promise<{ rows: number }> {
  await port.emit({ type: "started" } satisfies SpreadsheetEvent);
  let rows = 0;
  async function* cells(): AsyncGenerator<SheetCells[]> {
    for await (const batch of batchesFrom(input.rows)) {
      rows += batch.length;
      yield (batch as Row[]).map(cellsOf);
    }
  }
  const file =
    input.format === "csv"
      ? csvStream(input.columns, cells())
      : await xlsxStream(input.sheetName, input.columns, cells(), {
          ...(input.maxRowsPerSheet ? { maxRowsPerSheet: input.maxRowsPerSheet } : {}),
        });
  // Chunks are copied into buffers of their own: a Buffer may be a view of a shared slab, which
  // postMessage would copy whole, and only an unshared buffer can be transferred.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const chunk = new Uint8Array(pendingBytes);
    let at = 0;
    for (const part of pending) {
      chunk.set(part, at);
      at += part.length;
    }
    pending = [];
    pendingBytes = 0;
    await port.emit({ type: "bytes", chunk } satisfies SpreadsheetEvent, [chunk.buffer]);
  };
  for await (const part of file as AsyncIterable<Buffer>) {
    pending.push(part);
    pendingBytes += part.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  return { rows };
}
