import { once } from "node:events";
import type { Readable } from "node:stream";
import type ExcelJS from "exceljs";

/**
 * The one place that reaches into exceljs' internals (review P9, ADR 83); exceljs 4.4 has no public
 * API for either. Each access checks the shape it needs and throws, naming exceljs, when an upgrade
 * changed it; `exceljs-internals.test.ts` is the upgrade canary that runs both on a real writer.
 */

/**
 * The parts of exceljs' worksheet stream (a StreamBuf) the XLSX writer watches: where rows wait,
 * and the zip entry they go to. The entry is archiver's PassThrough from readable-stream 2, which
 * has no `writableNeedDrain`: its need for a drain is read from its writable state.
 */
interface ZipEntry extends NodeJS.WritableStream {
  destroyed?: boolean;
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
}
interface SheetStream {
  buffers: unknown[];
  pipes: ZipEntry[];
}

function sheetStream(sheet: ExcelJS.Worksheet): SheetStream {
  const stream = (sheet as unknown as { stream?: Partial<SheetStream> }).stream;
  if (!Array.isArray(stream?.buffers) || !Array.isArray(stream?.pipes)) {
    throw new Error("exceljs changed: a worksheet writer's stream has no buffers and pipes; see ADR 83");
  }
  return stream as SheetStream;
}

/** Whether the zip entry holds more than its high-water mark (it emits "drain" when it has taken it). */
export function entryNeedsDrain(entry: ZipEntry): boolean {
  if (entry.destroyed) return false;
  const needDrain = entry.writableNeedDrain ?? entry._writableState?.needDrain;
  if (needDrain === undefined) {
    throw new Error("exceljs changed: the zip entry of a worksheet shows no backpressure; see ADR 83");
  }
  return needDrain;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Waits until the zip has taken in what the sheet wrote. exceljs' worksheet stream pushes into the
 * zip entry without looking at its backpressure, and the deflate runs on the thread pool: a source
 * that answers without giving the event loop a turn (PGlite in the same process) would pile the
 * whole sheet up in memory before the first byte went out. Returns early once `out` is closed.
 */
export async function zipCaughtUp(sheet: ExcelJS.Worksheet, out: Readable): Promise<void> {
  const stream = sheetStream(sheet);
  for (let turns = 0; turns < 10_000 && !out.destroyed; turns++) {
    const behind = stream.pipes.find(entryNeedsDrain);
    if (behind) {
      // The zip drains the entry only while someone reads `out`: a client that left closes it.
      const ac = new AbortController();
      await Promise.race([
        once(behind, "drain", { signal: ac.signal }),
        once(behind, "close", { signal: ac.signal }),
        once(out, "close", { signal: ac.signal }),
      ]).finally(() => ac.abort());
      continue;
    }
    // Before the zip opens the sheet's entry, its rows wait in the stream's own buffers.
    if (stream.pipes.length === 0 && stream.buffers.length > 1) {
      await nextTurn();
      continue;
    }
    return;
  }
}

/**
 * exceljs' writer without styles keeps nothing per cell, but gives every date cell one shared style
 * with Excel's date-only format 14: that style is given `formatCode` instead (its id 164 is the
 * first Excel leaves to a file's own formats). A real style manager would cost about three times the
 * CPU per cell (measured on 100,000 rows: 3.6 s against 10.4 s), since it renders each cell's style
 * to look it up.
 */
export function setDateFormat(workbook: ExcelJS.stream.xlsx.WorkbookWriter, formatCode: string): void {
  const styles = (
    workbook as unknown as {
      styles?: { model?: { styles?: object[]; numFmts?: object[] }; _dateStyleId?: number };
    }
  ).styles;
  const model = styles?.model;
  if (!styles || !Array.isArray(model?.styles) || !Array.isArray(model.numFmts)) {
    throw new Error(
      "exceljs changed: the workbook writer's style manager has no styles and numFmts; see ADR 83",
    );
  }
  model.numFmts.push({ id: 164, formatCode });
  styles._dateStyleId = model.styles.length;
  model.styles.push({ numFmtId: 164, fontId: 0, fillId: 0, borderId: 0, xfId: 0 });
}
