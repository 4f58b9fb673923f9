import { once } from "node:events";
import { PassThrough, pipeline, Readable } from "node:stream";
import { schema } from "@sms/db";
import {
  CONTACT_EXPORT_COLUMNS,
  type ContactExportFormat,
  protectCell,
  toLocalPhone,
  UPLOAD_FILE_TYPES,
} from "@sms/domain";
import { stringify } from "csv-stringify";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { walkByKeyset } from "../../platform/keyset.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { contentDisposition } from "../files/index.ts";
import { findGroup } from "./find-group.ts";

export interface ExportContactsOptions {
  scope: TenantScope;
  groupId: number;
  format: ContactExportFormat;
  /** Rows per query while walking the group; 5,000 by default. */
  batchSize?: number;
}

export interface ExportContactsResult {
  stream: Readable;
  contentType: string;
  disposition: string;
}

type ContactRow = typeof schema.contacts.$inferSelect;
type Cells = [string, string, string, string];

/** Thailand keeps UTC+7 all year; a fixed shift is exact and far cheaper per row than a tz lookup. */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

function bangkokTimestamp(date: Date): string {
  return new Date(date.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** One exported row; every cell is protected against formula injection (DESIGN §8). */
function cellsOf(row: ContactRow): Cells {
  return [
    protectCell(row.firstName),
    protectCell(row.lastName),
    protectCell(toLocalPhone(row.phoneNumber)),
    protectCell(bangkokTimestamp(row.createdAt)),
  ];
}

/** A file name any system accepts: the group's name without path or control characters. */
function fileNameOf(groupName: string, format: ContactExportFormat): string {
  const safe = groupName.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_").slice(0, 80);
  return `contacts-${safe}.${format}`;
}

/** Resolves when the stream can take more, or has been closed (the client went away). */
async function writable(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return;
  const ac = new AbortController();
  await Promise.race([
    once(stream, "drain", { signal: ac.signal }),
    once(stream, "close", { signal: ac.signal }),
  ]).finally(() => ac.abort());
}

function csvStream(rows: AsyncIterable<Cells[]>): Readable {
  async function* records() {
    for await (const batch of rows) yield* batch;
  }
  // The BOM makes Excel read the file as UTF-8, so Thai names open correctly.
  const stringifier = stringify({ bom: true, header: true, columns: [...CONTACT_EXPORT_COLUMNS] });
  // On an error (or the client leaving) pipeline destroys both ends, which ends the response.
  pipeline(Readable.from(records()), stringifier, () => {});
  return stringifier;
}

function xlsxStream(rows: AsyncIterable<Cells[]>): Readable {
  const out = new PassThrough();
  // Inline strings and no styles: nothing is kept per row, so memory stays flat for any group size.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet("contacts");
  sheet.addRow([...CONTACT_EXPORT_COLUMNS]).commit();
  void (async () => {
    for await (const batch of rows) {
      if (out.destroyed) return;
      for (const cells of batch) sheet.addRow(cells).commit();
      await writable(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/**
 * A group's contacts as CSV or XLSX, streamed: the group is walked by keyset in batches (one query
 * each, over the (group_id, created_at, id) index), so neither the database nor the server holds
 * the whole group at once. The group is looked up first: another organization's id is a 404
 * before any byte is sent.
 */
export async function exportContacts({
  scope,
  groupId,
  format,
  batchSize = 5000,
}: ExportContactsOptions): Promise<ExportContactsResult> {
  const group = await findGroup(scope, groupId);
  const c = schema.contacts;
  async function* rows(): AsyncGenerator<Cells[]> {
    for await (const batch of walkByKeyset(scope.db, {
      table: c,
      where: scope.where(c, eq(c.groupId, group.id)),
      batchSize,
    })) {
      yield batch.map(cellsOf);
    }
  }
  return {
    stream: format === "csv" ? csvStream(rows()) : xlsxStream(rows()),
    contentType: format === "csv" ? "text/csv; charset=utf-8" : UPLOAD_FILE_TYPES.xlsx.mime,
    disposition: contentDisposition(fileNameOf(group.name, format), format),
  };
}
