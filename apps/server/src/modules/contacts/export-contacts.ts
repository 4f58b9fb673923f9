import { schema } from "@sms/db";
import { type ContactExportFormat, contactExportColumns, type Locale, UPLOAD_FILE_TYPES } from "@sms/domain";
import { eq } from "drizzle-orm";
import { walkByKeyset } from "../../platform/keyset.ts";
import { type SpreadsheetInWorker, spreadsheetInWorker } from "../../platform/spreadsheet-worker.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { contentDisposition } from "../files/index.ts";
import type { ContactExportRow } from "./export-contacts.task.ts";
import { findGroup } from "./find-group.ts";

const EXPORT_TASK = new URL("./export-contacts.task.ts", import.meta.url);

export interface ExportContactsOptions {
  scope: TenantScope;
  groupId: number;
  format: ContactExportFormat;
  /** The headers' language: the reader's. */
  locale: Locale;
  /** Rows per query while walking the group; 5,000 by default. */
  batchSize?: number;
}

export interface ExportContactsResult extends SpreadsheetInWorker {
  contentType: string;
  disposition: string;
}

/** A file name any system accepts: the group's name without path or control characters. */
function fileNameOf(groupName: string, format: ContactExportFormat): string {
  const safe = groupName.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_").slice(0, 80);
  return `contacts-${safe}.${format}`;
}

/**
 * A group's contacts as CSV or XLSX, streamed: the group is walked by keyset in batches (one query
 * each, over the (group_id, created_at, id) index), so neither the database nor the server holds
 * the whole group at once; a heavy-work thread formats the rows and writes the file (ADR 30). The
 * group is looked up first: another organization's id is a 404 before any byte is sent.
 */
export async function exportContacts({
  scope,
  groupId,
  format,
  locale,
  batchSize = 5000,
}: ExportContactsOptions): Promise<ExportContactsResult> {
  const group = await findGroup(scope, groupId);
  const c = schema.contacts;
  async function* rows(): AsyncGenerator<ContactExportRow[]> {
    for await (const batch of walkByKeyset(scope.db, {
      table: c,
      where: scope.where(c, eq(c.groupId, group.id)),
      batchSize,
    })) {
      yield batch.map(({ firstName, lastName, phoneNumber, createdAt }) => ({
        firstName,
        lastName,
        phoneNumber,
        createdAt,
      }));
    }
  }
  const file = spreadsheetInWorker({
    task: EXPORT_TASK,
    input: { format, sheetName: "contacts", columns: contactExportColumns(locale) },
    batches: rows(),
    key: `org:${scope.organizationId}`,
  });
  return {
    ...file,
    contentType: format === "csv" ? "text/csv; charset=utf-8" : UPLOAD_FILE_TYPES.xlsx.mime,
    disposition: contentDisposition(fileNameOf(group.name, format), format),
  };
}
