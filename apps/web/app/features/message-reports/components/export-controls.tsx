import {
  MESSAGE_EXPORT_JOB_THRESHOLD,
  type MessageExportFormat,
} from "@sms/domain/contracts/message-exports";
import { formatFileSize, formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { downloadFile } from "~/lib/authorized-files";
import { useLocale } from "~/lib/locale";
import { exportSearch, useCreateMessageExport, useMessageExport } from "../api/exports";
import type { ReportFilters } from "../api/report";

/**
 * Export of the current filter (spec §7 GET /c/messages/export-report). Up to
 * MESSAGE_EXPORT_JOB_THRESHOLD rows the file streams straight to the browser; above it a background
 * export is started, its progress shown, and a download link once it is written.
 */
export function ExportControls({ filters, total }: { filters: ReportFilters; total: number | undefined }) {
  const { t } = useTranslation("message-reports");
  const locale = useLocale();
  const [busy, setBusy] = useState<MessageExportFormat | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const create = useCreateMessageExport();
  const job = useMessageExport(jobId);
  const large = (total ?? 0) > MESSAGE_EXPORT_JOB_THRESHOLD;

  const run = async (format: MessageExportFormat) => {
    setBusy(format);
    try {
      if (large) {
        const started = await create.mutateAsync({ filters, format });
        setJobId(started.id);
      } else {
        await downloadFile(
          `/c/messages/export-report?${exportSearch(filters, format)}`,
          locale,
          `messages.${format}`,
        );
      }
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("export.failed"));
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    const value = job.data;
    if (!value) return;
    try {
      await downloadFile(`/c/message-exports/${value.id}/file`, locale, value.file_name);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("export.failed"));
    }
  };

  const value = job.data;
  return (
    <div className="space-y-2">
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
            : t("export.direct")}
        </span>
      </div>
      {value ? (
        <div
          className="rounded-lg border border-gray-200 bg-white p-3"
          data-testid="export-job"
          data-status={value.status}
        >
          {value.status === "done" ? (
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm text-gray-800">
                {t("export.ready", {
                  rows: formatNumber(value.rows_written),
                  size: formatFileSize(value.size_bytes ?? 0),
                })}
              </span>
              <Button onClick={() => void download()} data-testid="export-download">
                {t("export.download")}
              </Button>
            </div>
          ) : value.status === "failed" ? (
            <p className="text-sm text-red-700" role="alert">
              {t("export.jobFailed")}
            </p>
          ) : (
            <div className="space-y-1">
              <p className="text-sm text-gray-800">
                {t("export.progress", {
                  written: formatNumber(value.rows_written),
                  total: formatNumber(value.total_rows),
                })}
              </p>
              <div
                className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={value.progress}
                aria-label={t("export.progressLabel")}
              >
                <div
                  className="h-full bg-primary-600 transition-all"
                  style={{ width: `${value.progress}%` }}
                />
              </div>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
