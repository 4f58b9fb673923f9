import type { Readable } from "node:stream";
import { schema } from "@sms/db";
import {
  CONTACT_EXPORT_COLUMNS,
  type ContactExportFormat,
  protectCell,
  toLocalPhone,
  UPLOAD_FILE_TYPES,
} from "@sms/domain";
import { eq } from "drizzle-orm";
import { walkByKeyset } from "../../platform/keyset.ts";
import { csvStream, xlsxStream } from "../../platform/spreadsheet-stream.ts";
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
    stream:
      format === "csv"
        ? csvStream(CONTACT_EXPORT_COLUMNS, rows())
        : xlsxStream("contacts", CONTACT_EXPORT_COLUMNS, rows()),
    contentType: format === "csv" ? "text/csv; charset=utf-8" : UPLOAD_FILE_TYPES.xlsx.mime,
    disposition: contentDisposition(fileNameOf(group.name, format), format),
  };
}
