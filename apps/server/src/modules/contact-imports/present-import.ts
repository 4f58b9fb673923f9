import type { schema } from "@sms/db";
import {
  CONTACT_IMPORT_MAX_ROWS,
  type ContactImportRowStatus,
  formatNumber,
  type Locale,
  type TContactImport,
  type TContactImportExamples,
  type TContactImportRow,
  toLocalPhone,
} from "@sms/domain";
import { storedKey, translate } from "../../i18n/index.ts";
import { FILE_BUDGET_PARAMS } from "../../platform/file-budgets.ts";

export type ImportRecord = typeof schema.contactImports.$inferSelect;

export interface StagedRowFields {
  rowNumber: number;
  firstName: string;
  lastName: string;
  rawPhone: string;
  phoneNumber: string | null;
  status: ContactImportRowStatus | null;
}

const NO_EXAMPLES: TContactImportExamples = { valid: [], invalid: [], duplicate: [], existing: [] };

/**
 * A staged row as the preview shows it: a valid number in local form, anything else as it was
 * read; a duplicate with the earlier row of its number when `firstRows` (firstRowsOf) is given.
 */
export function presentRow(row: StagedRowFields, firstRows?: ReadonlyMap<string, number>): TContactImportRow {
  return {
    row_number: row.rowNumber,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phoneNumber ? toLocalPhone(row.phoneNumber) : row.rawPhone,
    status: row.status ?? "invalid",
    same_as_row:
      row.status === "duplicate" && row.phoneNumber ? (firstRows?.get(row.phoneNumber) ?? null) : null,
  };
}

export function presentImport(row: ImportRecord, fileName: string, locale: Locale): TContactImport {
  return {
    id: row.id,
    group_id: row.groupId,
    status: row.status,
    file_name: fileName,
    encoding: row.encoding,
    processed_rows: row.processedRows,
    total_rows: row.totalRows,
    valid_rows: row.validRows,
    invalid_rows: row.invalidRows,
    duplicate_rows: row.duplicateRows,
    existing_rows: row.existingRows,
    imported_rows: row.importedRows,
    examples: { ...NO_EXAMPLES, ...(row.examples as Partial<TContactImportExamples> | null) },
    error: row.errorKey
      ? translate(storedKey(row.errorKey), locale, {
          limit: formatNumber(CONTACT_IMPORT_MAX_ROWS),
          ...FILE_BUDGET_PARAMS,
        })
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
