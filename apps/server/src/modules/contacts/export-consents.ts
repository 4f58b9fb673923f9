import { schema } from "@sms/db";
import {
  CONSENT_KINDS,
  CONSENT_SOURCES,
  consentExportColumns,
  type Locale,
  UPLOAD_FILE_TYPES,
} from "@sms/domain";
import { translate } from "../../i18n/index.ts";
import { walkByKeyset } from "../../platform/keyset.ts";
import { type SpreadsheetInWorker, spreadsheetInWorker } from "../../platform/spreadsheet-worker.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { contentDisposition } from "../files/index.ts";
import type { ConsentExportRow, ConsentLabels } from "./export-consents.task.ts";

const EXPORT_TASK = new URL("./export-consents.task.ts", import.meta.url);

export interface ExportConsentsOptions {
  scope: TenantScope;
  format: "csv" | "xlsx";
  locale: Locale;
  /** Rows per query while walking the records; 5,000 by default. */
  batchSize?: number;
}

export interface ExportConsentsResult extends SpreadsheetInWorker {
  contentType: string;
  disposition: string;
}

/**
 * The organization's consent records for a PDPA audit (ADR 94) as CSV or XLSX, newest first,
 * streamed: walked by keyset on (created_at, id) through the (organization_id, created_at, id)
 * index in batches, so the server never holds them all; a heavy-work thread formats the rows and
 * writes the file (ADR 30), off the event loop.
 */
export function exportConsents({
  scope,
  format,
  locale,
  batchSize = 5000,
}: ExportConsentsOptions): ExportConsentsResult {
  const c = schema.contactConsents;
  async function* rows(): AsyncGenerator<ConsentExportRow[]> {
    for await (const batch of walkByKeyset(scope.db, {
      table: c,
      where: scope.where(c),
      batchSize,
      order: "desc",
      time: c.createdAt,
      id: c.id,
    })) {
      yield batch.map(({ msisdn, kind, source, statement, wordingVersion, createdAt }) => ({
        msisdn,
        kind,
        source,
        statement,
        wordingVersion,
        createdAt,
      }));
    }
  }
  const labels: ConsentLabels = {
    kinds: Object.fromEntries(
      CONSENT_KINDS.map((kind) => [kind, translate(`consents.kind.${kind}`, locale)]),
    ),
    sources: Object.fromEntries(
      CONSENT_SOURCES.map((source) => [source, translate(`consents.source.${source}`, locale)]),
    ),
    notRecorded: translate("consents.not_recorded", locale),
  };
  const file = spreadsheetInWorker({
    task: EXPORT_TASK,
    input: { format, sheetName: "consents", columns: consentExportColumns(locale), labels },
    batches: rows(),
    key: `org:${scope.organizationId}`,
  });
  return {
    ...file,
    contentType: format === "csv" ? "text/csv; charset=utf-8" : UPLOAD_FILE_TYPES.xlsx.mime,
    disposition: contentDisposition(`consents.${format}`, format),
  };
}
