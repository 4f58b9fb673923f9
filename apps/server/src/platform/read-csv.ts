import { Readable } from "node:stream";
import Papa from "papaparse";
import { checkCellLength } from "./file-budgets.ts";

export type CsvEncoding = "utf-8" | "windows-874";

/**
 * The text encoding of a CSV: UTF-8 (with or without BOM) when every byte sequence is valid
 * UTF-8, otherwise Windows-874 / TIS-620, which is how Excel on a Thai Windows saves "CSV". The
 * upload already refused anything that is neither; this reads the whole file once without keeping it.
 */
export async function detectCsvEncoding(source: Readable): Promise<CsvEncoding> {
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) utf8.decode(chunk, { stream: true });
    utf8.decode();
    return "utf-8";
  } catch {
    return "windows-874";
  } finally {
    source.destroy();
  }
}

/** Parsed batches waiting for the reader; past this many the file is paused (back-pressure). */
const QUEUED_BATCHES = 4;

/**
 * The rows of a CSV as text cells, streamed: papaparse without dynamic typing, so "0812345678"
 * keeps its leading zero and nothing becomes a number. A UTF-8 BOM is dropped by the decoder.
 * Rows are handed over in papaparse's chunks (one per read of the file), not one stream event per
 * row: the per-row Duplex of Papa.NODE_STREAM_INPUT reads a million rows some fifty times slower.
 * A cell past FILE_BUDGETS.cellChars refuses the file.
 */
export async function* readCsvRows(source: Readable, encoding: CsvEncoding): AsyncGenerator<string[]> {
  const decoder = new TextDecoder(encoding);
  const text = Readable.from(
    (async function* decode() {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        const part = decoder.decode(chunk, { stream: true });
        if (part) yield part;
      }
      const rest = decoder.decode();
      if (rest) yield rest;
    })(),
    { objectMode: true },
  );
  const queue: string[][][] = [];
  let finished = false;
  let failure: unknown;
  let paused: Papa.Parser | undefined;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  text.on("error", (err) => {
    failure = err;
    signal();
  });
  Papa.parse<string[]>(text as unknown as File, {
    dynamicTyping: false,
    skipEmptyLines: "greedy",
    chunk: (results, parser) => {
      queue.push(results.data);
      if (queue.length >= QUEUED_BATCHES && !paused) {
        paused = parser;
        parser.pause();
      }
      signal();
    },
    complete: () => {
      finished = true;
      signal();
    },
    error: (err: unknown) => {
      failure = err;
      signal();
    },
  });
  try {
    for (;;) {
      const batch = queue.shift();
      if (batch) {
        if (paused && queue.length < QUEUED_BATCHES / 2) {
          const parser = paused;
          paused = undefined;
          parser.resume();
        }
        for (const row of batch) for (const cell of row) checkCellLength(cell);
        yield* batch;
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    source.destroy();
    text.destroy();
  }
}
