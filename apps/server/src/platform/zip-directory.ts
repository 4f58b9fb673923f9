import type { Readable } from "node:stream";
import { FILE_BUDGETS, FileBudgetExceeded } from "./file-budgets.ts";

/** One entry as the central directory declares it. */
export interface ZipDirectoryEntry {
  name: string;
  compressedBytes: number;
  inflatedBytes: number;
}

/** The zip's end is not where a zip keeps it: not a workbook (the caller says "unreadable"). */
export class NotAZip extends Error {
  constructor(reason: string) {
    super(`not a readable zip: ${reason}`);
    this.name = "NotAZip";
  }
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL_ENTRY = 0x02014b50;
const EOCD_MIN = 22;
const COMMENT_MAX = 0xffff;
const SATURATED_32 = 0xffffffff;
const SATURATED_16 = 0xffff;

/** Where the tail of a file may hold the directory, the end record and its comment. */
const TAIL_BYTES = FILE_BUDGETS.directoryBytes + EOCD_MIN + COMMENT_MAX + 20 + 56;

/**
 * Reads a stream to its end keeping only its last bytes, where a zip keeps its central directory:
 * the directory can be walked before any entry is inflated, in memory bounded by the budget.
 */
export async function readTail(source: Readable): Promise<{ tail: Buffer; size: number }> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      kept.push(chunk);
      keptBytes += chunk.length;
      while (kept.length > 1 && keptBytes - (kept[0]?.length ?? 0) >= TAIL_BYTES) {
        keptBytes -= kept.shift()?.length ?? 0;
      }
    }
  } finally {
    source.destroy();
  }
  const tail = Buffer.concat(kept);
  return { tail: tail.subarray(Math.max(0, tail.length - TAIL_BYTES)), size };
}

const u64 = (buffer: Buffer, at: number) => Number(buffer.readBigUInt64LE(at));

/** The end-of-central-directory record: where the directory is and how many entries it lists. */
function endRecord(tail: Buffer, base: number): { entries: number; size: number; offset: number } {
  for (let at = tail.length - EOCD_MIN; at >= Math.max(0, tail.length - EOCD_MIN - COMMENT_MAX); at--) {
    if (tail.readUInt32LE(at) !== EOCD) continue;
    let entries = tail.readUInt16LE(at + 10);
    let size = tail.readUInt32LE(at + 12);
    let offset = tail.readUInt32LE(at + 16);
    if (entries === SATURATED_16 || size === SATURATED_32 || offset === SATURATED_32) {
      // Zip64: the locator just before the record says where the 64-bit record is.
      const locator = at - 20;
      if (locator < 0 || tail.readUInt32LE(locator) !== EOCD64_LOCATOR) throw new NotAZip("zip64 locator");
      const record = u64(tail, locator + 8) - base;
      if (record < 0 || record + 56 > tail.length || tail.readUInt32LE(record) !== EOCD64) {
        throw new FileBudgetExceeded("entries");
      }
      entries = u64(tail, record + 32);
      size = u64(tail, record + 40);
      offset = u64(tail, record + 48);
    }
    return { entries, size, offset };
  }
  throw new NotAZip("no end of central directory");
}

/** The entries the central directory declares; a directory too long to walk passes a budget. */
export function zipDirectory(tail: Buffer, fileSize: number): ZipDirectoryEntry[] {
  const base = fileSize - tail.length;
  const end = endRecord(tail, base);
  if (end.entries > FILE_BUDGETS.zipEntries || end.size > FILE_BUDGETS.directoryBytes) {
    throw new FileBudgetExceeded("entries");
  }
  let at = end.offset - base;
  if (at < 0 || at + end.size > tail.length) throw new NotAZip("central directory out of the file");
  const entries: ZipDirectoryEntry[] = [];
  for (let i = 0; i < end.entries; i++) {
    if (at + 46 > tail.length || tail.readUInt32LE(at) !== CENTRAL_ENTRY) throw new NotAZip("central entry");
    let compressedBytes = tail.readUInt32LE(at + 20);
    let inflatedBytes = tail.readUInt32LE(at + 24);
    const nameLength = tail.readUInt16LE(at + 28);
    const extraLength = tail.readUInt16LE(at + 30);
    const commentLength = tail.readUInt16LE(at + 32);
    const name = tail.toString("utf8", at + 46, at + 46 + nameLength);
    // Zip64 sizes are in the extra field (id 1): the inflated size first, then the compressed one,
    // each only when its 32-bit field is saturated.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd && extra + 4 <= tail.length) {
      const id = tail.readUInt16LE(extra);
      const length = tail.readUInt16LE(extra + 2);
      if (id === 1) {
        let field = extra + 4;
        if (inflatedBytes === SATURATED_32 && field + 8 <= tail.length) {
          inflatedBytes = u64(tail, field);
          field += 8;
        }
        if (compressedBytes === SATURATED_32 && field + 8 <= tail.length) compressedBytes = u64(tail, field);
      }
      extra += 4 + length;
    }
    entries.push({ name, compressedBytes, inflatedBytes });
    at = extraEnd + commentLength;
  }
  return entries;
}

/**
 * Refuses a workbook whose directory declares more than the budgets allow: inflated bytes in total,
 * one entry's compression ratio, or the shared strings' size. Nothing is inflated here; the
 * counters of the reader hold a directory that lies to the same budgets.
 */
export function checkWorkbookDirectory(entries: readonly ZipDirectoryEntry[]): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.inflatedBytes;
    if (entry.name === "xl/sharedStrings.xml" && entry.inflatedBytes > FILE_BUDGETS.sharedStringsBytes) {
      throw new FileBudgetExceeded("shared_strings");
    }
    if (
      entry.inflatedBytes > FILE_BUDGETS.ratioFloorBytes &&
      entry.inflatedBytes > FILE_BUDGETS.compressionRatio * Math.max(1, entry.compressedBytes)
    ) {
      throw new FileBudgetExceeded("ratio");
    }
  }
  if (total > FILE_BUDGETS.inflatedBytes) throw new FileBudgetExceeded("inflated");
}
