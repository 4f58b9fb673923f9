import type { TStoredFile, UploadKind } from "@sms/domain";
import type { FileRecord } from "../../platform/upload.ts";

export function presentFile(row: FileRecord): TStoredFile {
  return {
    id: row.id,
    kind: row.kind as UploadKind,
    mime: row.mime,
    size: row.sizeBytes,
    original_name: row.originalName,
    created_at: row.createdAt.toISOString(),
  };
}
