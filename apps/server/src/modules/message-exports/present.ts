import type { schema } from "@sms/db";
import type { Locale, TMessageExport } from "@sms/domain";
import { storedKey, translate } from "../../i18n/index.ts";

export type MessageExportRow = typeof schema.messageExports.$inferSelect;

export function presentMessageExport(row: MessageExportRow, locale: Locale): TMessageExport {
  const progress =
    row.status === "done"
      ? 100
      : row.totalRows === 0
        ? 0
        : Math.min(99, Math.floor((row.rowsWritten / row.totalRows) * 100));
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    file_name: row.fileName,
    total_rows: row.totalRows,
    rows_written: row.rowsWritten,
    progress,
    size_bytes: row.sizeBytes,
    error: row.errorKey ? translate(storedKey(row.errorKey), locale) : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
  };
}
