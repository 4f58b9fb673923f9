import type { TSortState } from "@sms/domain/contracts/lists";
import {
  MESSAGE_EXPORT_JOB_THRESHOLD,
  type MessageExportFormat,
  type MessageReportSortKey,
} from "@sms/domain/contracts/message-exports";
import { formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { downloadFile } from "~/lib/authorized-files";
import { useLocale } from "~/lib/locale";
import { exportSearch, useCreateMessageExport } from "../api/exports";
import type { ReportFilters } from "../api/report";

/**
 * Export of the current filter in the table's current order (spec §7 GET /c/messages/export-report). Up to
 * MESSAGE_EXPORT_JOB_THRESHOLD rows the file streams straight to the browser; above it a background
 * export is started, followed (progress, then its download) under the recent exports.
 */
export function ExportControls({
  filters,
  order,
  total,
  fileName = "messages",
  startedText,
  directText,
}: {
  /** The report's filters; `campaign_id` exports one send's messages (its report, review D39). */
  filters: ReportFilters & { campaign_id?: string };
  order: TSortState<MessageReportSortKey>;
  total: number | undefined;
  /** The downloaded file's name before its extension. */
  fileName?: string;
  /** Where a background export can be followed, when not under this page's recent exports. */
  startedText?: string;
  directText?: string;
}) {
  const { t } = useTranslation("message-reports");
  const locale = useLocale();
  const [busy, setBusy] = useState<MessageExportFormat | null>(null);
  const create = useCreateMessageExport();
  const large = (total ?? 0) > MESSAGE_EXPORT_JOB_THRESHOLD;

  const run = async (format: MessageExportFormat) => {
    setBusy(format);
    try {
      if (large) {
        await create.mutateAsync({ filters, order, format });
        toast.success(startedText ?? t("export.started"));
      } else {
        await downloadFile(
          `/c/messages/export-report?${exportSearch({ filters, order, format })}`,
          locale,
          `${fileName}.${format}`,
        );
      }
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("export.failed"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="light-secondary"
        onClick={() => void run("csv")}
        isLoading={busy === "csv"}
        disabled={busy !== null || total === 0}
        data-testid="export-csv"
      >
        {t("export.csv")}
      </Button>
      <Button
        variant="light-secondary"
        onClick={() => void run("xlsx")}
        isLoading={busy === "xlsx"}
        disabled={busy !== null || total === 0}
        data-testid="export-xlsx"
      >
        {t("export.xlsx")}
      </Button>
      <span className="text-xs text-gray-600">
        {large
          ? t("export.background", { threshold: formatNumber(MESSAGE_EXPORT_JOB_THRESHOLD) })
          : (directText ?? t("export.direct"))}
      </span>
    </div>
  );
}
